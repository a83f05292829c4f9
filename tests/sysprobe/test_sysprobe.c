/*
 * test_sysprobe.c - cmocka runner for the sysprobe library.
 *
 * The parsers run on fixture files: real /proc and lshw output from a
 * virtual machine, and a hand-built server tree (fixtures/host1) standing in
 * for "/" with an NVMe root, an LVM volume on a SATA disk, a loop device, a
 * virtio disk, tmpfs, overlay, NFS and Lustre mounts.  The derivations run
 * on synthetic sweeps.  The benchmarks run for real on a small file in a
 * temporary directory, with every time budget scaled down, and the tests
 * check the numbers are sane, that errors name the directory, and that no
 * temporary file survives - also when interrupted.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <jansson.h>

#include "vd_sysprobe.h"

#ifndef VD_SYSPROBE_FIXTURES
#define VD_SYSPROBE_FIXTURES "tests/sysprobe/fixtures"
#endif

static const char *fixtures(void)
{
	const char *env = getenv("VD_SYSPROBE_FIXTURES");
	return env && *env ? env : VD_SYSPROBE_FIXTURES;
}

static char *fixture_text(const char *name)
{
	char path[1024], *text = NULL;
	snprintf(path, sizeof(path), "%s/%s", fixtures(), name);
	assert_int_equal(vd_read_file(&text, NULL, path), 0);
	return text;
}

static char *host1(vd_arena *a)
{
	return vd_arena_printf(a, "%s/host1", fixtures());
}

/* ---- CPU ------------------------------------------------------------------ */

static void test_cpuinfo_intel(void **state)
{
	vd_arena *a = vd_arena_new();
	char *text = vd_arena_printf(a, "%s/proc/cpuinfo", host1(a)), *body = NULL;
	vd_sysprobe_cpu c;
	(void)state;

	assert_int_equal(vd_read_file(&body, NULL, text), 0);
	memset(&c, 0, sizeof(c));
	assert_int_equal(vd_sysprobe_parse_cpuinfo(&c, a, body), 0);
	assert_string_equal(c.vendor, "GenuineIntel");
	assert_string_equal(c.model, "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz");
	assert_int_equal(c.family, 6);
	assert_int_equal(c.model_id, 142);
	assert_int_equal(c.stepping, 10);
	assert_int_equal(c.logical, 4);
	assert_int_equal(c.cores, 2); /* hyper-threads share a core id */
	assert_int_equal(c.sockets, 1);
	assert_true(fabs(c.mhz - 2000.0) < 0.01);
	assert_int_equal(c.phys_addr_bits, 39);
	assert_int_equal(c.virt_addr_bits, 48);
	assert_non_null(strstr(c.features, "avx2"));
	assert_non_null(strstr(c.features, "sse4_2"));
	assert_null(strstr(c.features, "avx512f"));
	assert_int_equal(c.hypervisor, 0);
	free(body);
	vd_arena_free(a);
}

static void test_cpuinfo_vm_and_arm(void **state)
{
	vd_arena *a = vd_arena_new();
	char *amd = fixture_text("cpuinfo-amd-vm.txt"), *arm = fixture_text("cpuinfo-arm64.txt");
	vd_sysprobe_cpu c;
	(void)state;

	memset(&c, 0, sizeof(c));
	assert_int_equal(vd_sysprobe_parse_cpuinfo(&c, a, amd), 0);
	assert_string_equal(c.vendor, "AuthenticAMD");
	assert_int_equal(c.family, 25);
	assert_int_equal(c.logical, 2);
	assert_int_equal(c.cores, 2);
	assert_int_equal(c.hypervisor, 1);

	memset(&c, 0, sizeof(c));
	assert_int_equal(vd_sysprobe_parse_cpuinfo(&c, a, arm), 0);
	assert_int_equal(c.logical, 2);
	assert_int_equal(c.cores, 2); /* no core ids: one core per processor */
	assert_string_equal(c.vendor, "0x41");
	assert_int_equal(c.family, -1);
	assert_non_null(strstr(c.features, "asimd"));
	assert_non_null(strstr(c.features, "atomics"));

	memset(&c, 0, sizeof(c));
	assert_int_equal(vd_sysprobe_parse_cpuinfo(&c, a, "garbage\n"), VD_EPARSE);
	free(amd);
	free(arm);
	vd_arena_free(a);
}

static void test_cpu_collect_fixture(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_cpu c;
	(void)state;

	assert_int_equal(vd_sysprobe_collect_cpu(&c, a, host1(a)), 0);
	assert_string_equal(c.source, "/proc/cpuinfo"); /* no cpuid on a fixture */
	assert_int_equal(c.logical, 4);
	assert_int_equal(c.usable, 4);
	assert_int_equal(c.ncaches, 4);
	assert_int_equal(c.caches[0].level, 1);
	assert_string_equal(c.caches[0].type, "data");
	assert_int_equal(c.caches[0].size_bytes, 32768);
	assert_string_equal(c.caches[1].type, "instruction");
	assert_int_equal(c.caches[2].size_bytes, 256 * 1024);
	assert_int_equal(c.caches[2].ways, 4);
	assert_int_equal(c.caches[3].level, 3);
	assert_int_equal(c.caches[3].size_bytes, 8 * 1024 * 1024);
	assert_int_equal(c.caches[3].shared_by, 4);
	assert_int_equal(c.caches[0].shared_by, 2);
	vd_arena_free(a);
}

static void test_cpu_live(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_cpu c;
	double ns;
	(void)state;

	assert_int_equal(vd_sysprobe_collect_cpu(&c, a, NULL), 0);
	assert_true(c.logical >= 1);
	assert_true(c.cores >= 1 && c.cores <= c.logical);
	assert_true(c.usable >= 1);
	assert_non_null(c.model);
#if defined(__x86_64__) || defined(__i386__)
	assert_string_equal(c.source, "cpuid");
	assert_true(c.ncaches >= 2);
#endif
	ns = vd_sysprobe_cpu_ns_per_op(0.01);
	assert_true(ns > 0.01 && ns < 100);
	vd_arena_free(a);
}

/* ---- memory ------------------------------------------------------------------ */

static void test_meminfo(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_memory m;
	(void)state;

	assert_int_equal(vd_sysprobe_collect_memory(&m, a, host1(a)), 0);
	assert_int_equal(m.total_bytes, 16318480LL * 1024);
	assert_int_equal(m.available_bytes, 12345678LL * 1024);
	assert_int_equal(m.cached_bytes, 2345678LL * 1024);
	assert_int_equal(m.swap_total_bytes, 2097148LL * 1024);
	assert_int_equal(m.hugepage_bytes, 8LL * 2048 * 1024);
	assert_int_equal(m.numa_nodes, 2);

	memset(&m, 0, sizeof(m));
	assert_int_equal(vd_sysprobe_parse_meminfo(&m, "Nothing: 1 kB\n"), VD_EPARSE);
	vd_arena_free(a);
}

static void test_cpulist(void **state)
{
	(void)state;
	assert_int_equal(vd_sysprobe_count_cpulist("0"), 1);
	assert_int_equal(vd_sysprobe_count_cpulist("0-1\n"), 2);
	assert_int_equal(vd_sysprobe_count_cpulist("0-3,5"), 5);
	assert_int_equal(vd_sysprobe_count_cpulist("0,2,4-7"), 6);
	assert_int_equal(vd_sysprobe_count_cpulist(""), -1);
	assert_int_equal(vd_sysprobe_count_cpulist("x"), -1);
	assert_int_equal(vd_sysprobe_count_cpulist("3-1"), -1);
}

static void test_lshw_memory(void **state)
{
	vd_arena *a = vd_arena_new();
	char *server = fixture_text("lshw-memory-server.xml"), *vm = fixture_text("lshw-memory-vm.xml");
	vd_sysprobe_memory m;
	(void)state;

	memset(&m, 0, sizeof(m));
	assert_int_equal(vd_sysprobe_parse_lshw_memory(&m, a, server, strlen(server)), 0);
	assert_int_equal(m.banks, 5);
	assert_int_equal(m.ndimms, 3);
	assert_int_equal(m.lshw_total_bytes, 34359738368LL + 17179869184LL);
	assert_string_equal(m.type, "DDR4");
	assert_true(fabs(m.speed_mhz - 2933) < 0.5);
	assert_string_equal(m.dimms[0].slot, "A1");
	assert_string_equal(m.dimms[0].vendor, "Samsung");
	assert_int_equal(m.dimms[0].size_bytes, 17179869184LL);
	assert_int_equal(m.dimms[0].width_bits, 64);
	assert_string_equal(m.dimms[2].slot, "B1");
	/* no <clock>: the speed comes from the description */
	assert_true(fabs(m.dimms[2].clock_hz - 2666e6) < 1);

	memset(&m, 0, sizeof(m));
	assert_int_equal(vd_sysprobe_parse_lshw_memory(&m, a, vm, strlen(vm)), 0);
	assert_int_equal(m.banks, 0);
	assert_int_equal(m.ndimms, 0);
	assert_int_equal(m.lshw_total_bytes, 25769803776LL);
	assert_null(m.type);

	assert_int_equal(vd_sysprobe_parse_lshw_memory(&m, a, "not xml", 7), VD_EPARSE);
	free(server);
	free(vm);
	vd_arena_free(a);
}

/* ---- storage ---------------------------------------------------------------------- */

static void test_mountinfo(void **state)
{
	static const struct {
		const char *path, *mount, *fstype, *source, *cls;
	} cases[] = {
		{ "/", "/", "ext4", "/dev/nvme0n1p2", "block" },
		{ "/usr/lib", "/", "ext4", "/dev/nvme0n1p2", "block" },
		{ "/home/user/proj", "/home", "xfs", "/dev/mapper/vg0-home", "block" },
		{ "/homework", "/", "ext4", "/dev/nvme0n1p2", "block" }, /* not under /home */
		{ "/data", "/data", "ext4", "/dev/sda1", "block" },
		{ "/tmp/x", "/tmp", "tmpfs", "tmpfs", "memory" },
		{ "/tmp/shadowed/y", "/tmp/shadowed", "tmpfs", "second", "memory" }, /* later wins */
		{ "/scratch/run1", "/scratch", "lustre", "10.0.0.1@o2ib:/scratch", "network" },
		{ "/mnt/nfs/a/b", "/mnt/nfs", "nfs4", "fileserver:/export/home", "network" },
		{ "/mnt/nfsdata", "/", "ext4", "/dev/nvme0n1p2", "block" },
		{ "/data/docker/overlay2/abc/merged/app", "/data/docker/overlay2/abc/merged", "overlay", "overlay", "overlay" },
		{ "/mnt/my disk/file", "/mnt/my disk", "ext4", "/dev/nvme0n1p2", "block" },
		{ "/proc/self", "/proc", "proc", "proc", "pseudo" },
	};
	vd_arena *a = vd_arena_new();
	char *text = vd_arena_printf(a, "%s/proc/self/mountinfo", host1(a)), *body = NULL;
	(void)state;

	assert_int_equal(vd_read_file(&body, NULL, text), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		vd_sysprobe_storage st;
		memset(&st, 0, sizeof(st));
		assert_int_equal(vd_sysprobe_parse_mountinfo(&st, a, body, cases[i].path), 0);
		assert_string_equal(st.mount, cases[i].mount);
		assert_string_equal(st.fstype, cases[i].fstype);
		assert_string_equal(st.source, cases[i].source);
		assert_string_equal(st.fs_class, cases[i].cls);
	}
	{
		vd_sysprobe_storage st;
		memset(&st, 0, sizeof(st));
		assert_int_equal(vd_sysprobe_parse_mountinfo(&st, a, body, "/home"), 0);
		assert_int_equal(st.major, 253);
		assert_int_equal(st.minor, 0);
		assert_non_null(strstr(st.options, "relatime"));
		assert_non_null(strstr(st.options, "inode64"));
		assert_int_equal(vd_sysprobe_parse_mountinfo(&st, a, "", "/x"), VD_ENOTFOUND);
	}
	free(body);
	vd_arena_free(a);
}

static void collect(vd_sysprobe_storage *st, vd_arena *a, const char *path)
{
	assert_int_equal(vd_sysprobe_collect_storage(st, a, host1(a), path), 0);
}

static void test_storage_nvme_partition(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_storage st;
	(void)state;

	collect(&st, a, "/srv");
	assert_string_equal(st.device, "/dev/nvme0n1p2");
	assert_string_equal(st.kind, "partition");
	assert_string_equal(st.disk, "nvme0n1");
	assert_int_equal(st.rotational, 0);
	assert_int_equal(st.logical_block, 512);
	assert_string_equal(st.scheduler, "none");
	assert_int_equal(st.nr_requests, 1023);
	assert_int_equal(st.hw_queues, 4);
	assert_int_equal(st.read_ahead_kb, 128);
	assert_string_equal(st.write_cache, "write back");
	assert_string_equal(st.model, "Samsung SSD 970 EVO Plus 1TB");
	assert_int_equal(st.size_bytes, 1953525168LL * 512);
	assert_int_equal(st.pcie_lanes, 4);
	assert_string_equal(st.pcie_speed, "8.0 GT/s PCIe");
	assert_true(fabs(st.pcie_MBps - 8000.0 * 128 / 130 / 8 * 4) < 1);
	assert_int_equal(st.is_virtual, 0);
	vd_arena_free(a);
}

static void test_storage_dm_on_sata(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_storage st;
	(void)state;

	collect(&st, a, "/home/user");
	assert_string_equal(st.kind, "dm");
	assert_string_equal(st.device, "/dev/dm-0 (vg0-home)");
	assert_string_equal(st.backing, "sda2");
	assert_string_equal(st.disk, "sda"); /* through the slave partition to its disk */
	assert_int_equal(st.rotational, 1);
	assert_int_equal(st.physical_block, 4096);
	assert_string_equal(st.scheduler, "mq-deadline");
	assert_string_equal(st.model, "ST2000DM008-2FR1");
	assert_string_equal(st.vendor, "ATA");
	assert_int_equal(st.pcie_lanes, 0);

	collect(&st, a, "/data/set");
	assert_string_equal(st.kind, "partition");
	assert_string_equal(st.device, "/dev/sda1");
	assert_string_equal(st.disk, "sda");
	vd_arena_free(a);
}

static void test_storage_special(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_storage st;
	(void)state;

	collect(&st, a, "/tmp/build");
	assert_string_equal(st.fs_class, "memory");
	assert_string_equal(st.device, "none (tmpfs: memory)");
	assert_null(st.disk);
	assert_non_null(st.note);

	collect(&st, a, "/scratch/run");
	assert_string_equal(st.fs_class, "network");
	assert_string_equal(st.device, "network (lustre 10.0.0.1@o2ib:/scratch)");

	collect(&st, a, "/mnt/nfs/home");
	assert_string_equal(st.device, "network (nfs4 fileserver:/export/home)");

	/* overlay: the upper layer is on /data, i.e. sda1 */
	collect(&st, a, "/data/docker/overlay2/abc/merged/app");
	assert_string_equal(st.fs_class, "overlay");
	assert_string_equal(st.backing, "/data/docker/overlay2/abc/diff");
	assert_string_equal(st.disk, "sda");
	assert_int_equal(strncmp(st.device, "/dev/sda1 (upper layer", 22), 0);
	assert_non_null(strstr(st.note, "upper layer"));

	collect(&st, a, "/mnt/img/bin");
	assert_string_equal(st.kind, "loop");
	assert_string_equal(st.backing, "/srv/images/tools.squashfs");
	assert_string_equal(st.disk, "loop0");

	collect(&st, a, "/vm/data");
	assert_string_equal(st.disk, "vdb");
	assert_int_equal(st.is_virtual, 1);
	assert_int_equal(st.rotational, 1); /* what it claims; the probe measures */
	assert_string_equal(st.vendor, "Red Hat (virtio)");

	/* no /sys entry: the mount source is all there is */
	collect(&st, a, "/broken/x");
	assert_string_equal(st.device, "/dev/sdz9");
	assert_null(st.disk);
	assert_non_null(strstr(st.note, "/sys"));

	collect(&st, a, "/proc/1");
	assert_string_equal(st.fs_class, "pseudo");
	vd_arena_free(a);
}

static void test_lshw_disk(void **state)
{
	vd_arena *a = vd_arena_new();
	char *server = fixture_text("lshw-disk-server.xml"), *vm = fixture_text("lshw-disk-vm.xml");
	vd_sysprobe_storage st;
	(void)state;

	memset(&st, 0, sizeof(st));
	st.disk = "nvme0n1";
	assert_int_equal(vd_sysprobe_parse_lshw_disk(&st, a, server, strlen(server)), 0);
	assert_string_equal(st.lshw_description, "NVMe disk");
	assert_string_equal(st.lshw_product, "Samsung SSD 970 EVO Plus 1TB"); /* from the controller */
	assert_string_equal(st.driver, "nvme");
	assert_non_null(strstr(st.controller, "NVMe device"));
	assert_string_equal(st.model, "Samsung SSD 970 EVO Plus 1TB");

	memset(&st, 0, sizeof(st));
	st.disk = "sda";
	assert_int_equal(vd_sysprobe_parse_lshw_disk(&st, a, server, strlen(server)), 0);
	assert_string_equal(st.lshw_product, "ST2000DM008-2FR1");
	assert_string_equal(st.lshw_vendor, "Seagate");
	assert_int_equal(st.rpm, 7200);
	assert_string_equal(st.controller, "Cannon Lake PCH SATA AHCI Controller (SATA controller)");
	assert_string_equal(st.driver, "ahci");
	assert_string_equal(st.businfo, "scsi@0:0.0.0");

	memset(&st, 0, sizeof(st));
	st.disk = "sdq";
	assert_int_equal(vd_sysprobe_parse_lshw_disk(&st, a, server, strlen(server)), VD_ENOTFOUND);

	memset(&st, 0, sizeof(st));
	st.disk = "vda";
	assert_int_equal(vd_sysprobe_parse_lshw_disk(&st, a, vm, strlen(vm)), 0);
	assert_string_equal(st.driver, "virtio_blk");
	assert_non_null(strstr(st.controller, "Virtio"));
	assert_int_equal(st.is_virtual, 1);
	free(server);
	free(vm);
	vd_arena_free(a);
}

static void test_storage_live(void **state)
{
	vd_arena *a = vd_arena_new();
	vd_sysprobe_storage st;
	vd_buf mount = VD_BUF_INIT, fstype = VD_BUF_INIT;
	(void)state;

	assert_int_equal(vd_sysprobe_collect_storage(&st, a, NULL, "."), 0);
	assert_non_null(st.mount);
	assert_non_null(st.fstype);
	assert_non_null(st.device);
	assert_true(st.path[0] == '/');
	assert_int_equal(vd_sysprobe_mount_of(&mount, &fstype, "."), 0);
	assert_string_equal(vd_buf_cstr(&mount), st.mount);
	assert_string_equal(vd_buf_cstr(&fstype), st.fstype);

	assert_int_equal(vd_sysprobe_collect_storage(&st, a, NULL, "/nonexistent/vidya-dir"), VD_ERROR);
	assert_non_null(strstr(vd_error_last(), "/nonexistent/vidya-dir"));
	vd_buf_release(&mount);
	vd_buf_release(&fstype);
	vd_arena_free(a);
}

/* ---- derivations ------------------------------------------------------------------ */

static void test_stat(void **state)
{
	vd_sysprobe_stat s;
	double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 };
	(void)state;

	vd_sysprobe_stat_compute(&s, odd, 3);
	assert_int_equal(s.n, 3);
	assert_true(s.value == 2 && s.mean == 2 && s.min == 1 && s.max == 3);
	assert_true(fabs(s.stddev - 1) < 1e-12);
	vd_sysprobe_stat_compute(&s, even, 4);
	assert_true(s.value == 2.5);
	vd_sysprobe_stat_compute(&s, NULL, 0);
	assert_int_equal(s.n, 0);
}

static void test_threshold(void **state)
{
	double bytes[11], bw[11];
	(void)state;

	/* a device with 100 us per request and 1000 MiB/s: bw(s) = s / (lat + s / B) */
	for (int i = 0; i < 11; i++) {
		double s = 4096.0 * (1 << i), B = 1000.0 * 1048576;
		bytes[i] = s;
		bw[i] = s / (100e-6 + s / B) / 1048576;
	}
	{
		double t = vd_sysprobe_small_io_threshold(bytes, bw, 11);
		/* half of the peak (~488 MiB/s) is crossed between 64 and 128 KiB */
		assert_true(t > 65536 && t < 131072);
	}
	/* exactly at a measured size */
	{
		double b2[] = { 4096, 8192, 16384, 32768 }, m2[] = { 10, 20, 50, 100 };
		assert_true(fabs(vd_sysprobe_small_io_threshold(b2, m2, 4) - 16384) < 1);
	}
	/* every size above half: nothing tested is small */
	{
		double b3[] = { 4096, 8192, 16384 }, m3[] = { 80, 90, 100 };
		assert_true(vd_sysprobe_small_io_threshold(b3, m3, 3) == 4096);
	}
	/* a dip at the largest size does not count */
	{
		double b4[] = { 4096, 8192, 16384, 32768 }, m4[] = { 10, 100, 100, 20 };
		double t = vd_sysprobe_small_io_threshold(b4, m4, 4);
		assert_true(t > 4096 && t < 8192);
	}
	assert_true(vd_sysprobe_small_io_threshold(bytes, bw, 1) == 4096);
	assert_true(vd_sysprobe_small_io_threshold(bytes, bw, 0) == 0);
}

static void test_concurrency(void **state)
{
	double th[] = { 1, 2, 4, 8, 16, 32 };
	double saturating[] = { 10, 19, 36, 60, 62, 63 };
	double linear[] = { 10, 20, 40, 80 };
	double plateau_then_rise[] = { 10, 20, 22, 60, 64 };
	double flat[] = { 10, 10.5, 10.2 };
	(void)state;

	assert_true(vd_sysprobe_useful_concurrency(th, saturating, 6) == 8);
	assert_true(vd_sysprobe_useful_concurrency(th, linear, 4) == 8);
	assert_true(vd_sysprobe_useful_concurrency(th, plateau_then_rise, 5) == 8);
	assert_true(vd_sysprobe_useful_concurrency(th, flat, 3) == 1);
	assert_true(vd_sysprobe_useful_concurrency(th, flat, 1) == 1);
	assert_true(vd_sysprobe_useful_concurrency(th, flat, 0) == 1);
}

static void test_classify(void **state)
{
	vd_buf why = VD_BUF_INIT;
	(void)state;

	assert_string_equal(vd_sysprobe_classify("memory", -1, 2, "O_DIRECT", NULL), "memory");
	assert_string_equal(vd_sysprobe_classify("network", -1, 900, "fadvise", NULL), "network");
	/* a virtual disk that claims to rotate but answers in 70 us */
	assert_string_equal(vd_sysprobe_classify("block", 1, 70, "O_DIRECT", &why), "ssd");
	assert_non_null(strstr(vd_buf_cstr(&why), "rotational"));
	vd_buf_clear(&why);
	assert_string_equal(vd_sysprobe_classify("block", 0, 8000, "O_DIRECT", &why), "hdd");
	assert_non_null(strstr(vd_buf_cstr(&why), "does not rotate"));
	assert_string_equal(vd_sysprobe_classify("block", 1, 1500, "O_DIRECT", NULL), "hdd");
	assert_string_equal(vd_sysprobe_classify("block", 0, 1500, "O_DIRECT", NULL), "ssd");
	assert_string_equal(vd_sysprobe_classify("block", 0, 3, "fadvise", NULL), "cached");
	assert_string_equal(vd_sysprobe_classify("block", 1, 0, NULL, NULL), "hdd");
	assert_string_equal(vd_sysprobe_classify("block", -1, 0, NULL, NULL), "unknown");
	vd_buf_release(&why);
}

static void test_metric_names(void **state)
{
	(void)state;
	assert_string_equal(vd_sysprobe_metric_key(VD_SP_SEQ_WRITE), "seq_write_MiBps");
	assert_string_equal(vd_sysprobe_metric_key(VD_SP_FSYNC_LAT), "fsync_latency_us");
	assert_string_equal(vd_sysprobe_metric_unit(VD_SP_RAND_READ), "IOPS");
	assert_string_equal(vd_sysprobe_metric_key(VD_SP__COUNT), "?");
}

/* ---- benchmarks on a small file --------------------------------------------------------- */

static char tmpdir[256];

static int make_tmpdir(void **state)
{
	const char *base = getenv("TMPDIR");
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "%s/vidya-sysprobe-test.XXXXXX", base && *base ? base : "/tmp");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
	(void)state;
	return rmdir(tmpdir);
}

static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static vd_sysprobe_opts small_opts(void)
{
	vd_sysprobe_opts o = VD_SYSPROBE_OPTS_INIT;
	o.dir = tmpdir;
	o.no_lshw = 1;
	o.time_scale = 0.05;
	o.max_file_bytes = 4 * 1024 * 1024;
	return o;
}

/* The strings a probe reports come from the machine (CPU brand, mount
 * points, mount options, lshw): whatever their bytes, the JSON parses with
 * a strict parser (jansson: no invalid UTF-8, overlong forms, surrogates or
 * raw control characters) and valid text comes back unchanged. */
static void test_json_escaping(void **state)
{
	(void)state;
	static const char *const hostile[] = {
		"quote\" back\\slash /slash",
		"\x01\x02\x07\x08\t\n\x0b\x0c\r\x1f\x7f",
		"bad \xff byte",
		"cut \xc3",
		"overlong \xc0\xaf slash",
		"surrogate \xed\xa0\x80 half",
		"too big \xf4\x90\x80\x80",
		"caf\xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80",
	};
	for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
		vd_sysprobe_report *r = calloc(1, sizeof(*r));
		assert_non_null(r);
		r->arena = vd_arena_new();
		r->version = VD_SYSPROBE_VERSION;
		r->mode = "quick";
		r->created = "2026-01-01T00:00:00Z";
		r->host = r->kernel = hostile[i];
		r->cpu.model = r->cpu.vendor = r->cpu.features = hostile[i];
		r->storage.path = r->storage.mount = r->storage.fstype = hostile[i];
		r->storage.options = r->storage.source = r->storage.device = hostile[i];
		vd_buf json = VD_BUF_INIT;
		assert_int_equal(vd_sysprobe_to_json(r, &json), 0);
		json_error_t err;
		json_t *doc = json_loads(vd_buf_cstr(&json), JSON_REJECT_DUPLICATES, &err);
		if (!doc)
			fail_msg("string %zu: %s at line %d", i, err.text, err.line);
		if (i == 7) { /* valid UTF-8: unchanged */
			json_t *h = json_object_get(doc, "host");
			assert_non_null(h);
			assert_string_equal(json_string_value(h), hostile[i]);
		}
		json_decref(doc);
		vd_buf_release(&json);
		vd_sysprobe_free(r);
	}
}

static void check_small_report(const vd_sysprobe_report *r, const char *method)
{
	const vd_sysprobe_bench *b = &r->bench;
	vd_device d;
	vd_buf json = VD_BUF_INIT, text = VD_BUF_INIT;
	static const char *keys[] = { "\"model\": ", "\"cores\": ", "\"mount\": ", "\"fstype\": ",
				      "\"device\": ", "\"seq_write_MiBps\": ", "\"seq_read_MiBps\": ",
				      "\"rand_read_iops\": ", "\"rand_write_iops\": ", "\"fsync_latency_us\": ",
				      "\"small_io_threshold_bytes\": ", "\"concurrency\": ", "\"method\": ",
				      "\"stats\": ", NULL };

	assert_int_equal(b->ran, 1);
	if (method)
		assert_string_equal(b->method, method);
	else
		assert_true(!strcmp(b->method, "O_DIRECT") || !strcmp(b->method, "fadvise"));
	assert_true(b->file_bytes > 0 && b->file_bytes <= 4 * 1024 * 1024);
	for (int m = 0; m < VD_SP__COUNT; m++) {
		assert_int_equal(b->m[m].n >= 1, 1);
		assert_true(b->m[m].value > 0 && isfinite(b->m[m].value));
		assert_true(b->m[m].min <= b->m[m].value && b->m[m].value <= b->m[m].max);
	}
	assert_true(b->nsweep >= 3 && b->sweep_bytes[0] == 4096);
	assert_true(b->small_io_threshold >= 4096 && b->small_io_threshold <= 4 * 1024 * 1024);
	assert_true(b->nconc >= 1 && b->concurrency >= 1);
	assert_non_null(r->storage.device_type);

	vd_sysprobe_to_device(r, &d);
	assert_int_equal(d.is_default, 0);
	assert_true(d.seq_read_Bps > 0 && d.seq_write_Bps > 0);
	assert_true(d.rand_read_iops > 0 && d.rand_write_iops > 0);
	assert_true(d.latency_s > 0 && d.latency_s < 0.1);
	assert_true(d.fsync_latency_s > 0 && d.meta_latency_s > 0 && d.cpu_ns_per_op > 0);
	assert_true(d.small_io_threshold == b->small_io_threshold);
	assert_string_equal(d.mount, r->storage.mount);
	assert_string_equal(d.method, b->method);

	assert_int_equal(vd_sysprobe_to_json(r, &json), 0);
	for (int i = 0; keys[i]; i++)
		assert_non_null(strstr(vd_buf_cstr(&json), keys[i]));
	assert_null(strstr(vd_buf_cstr(&json), "nan"));
	assert_int_equal(vd_sysprobe_to_text(r, &text), 0);
	assert_non_null(strstr(vd_buf_cstr(&text), "small-I/O threshold"));
	vd_buf_release(&json);
	vd_buf_release(&text);
}

static void test_bench_small(void **state)
{
	vd_sysprobe_opts o = small_opts();
	vd_sysprobe_report *r = NULL;
	(void)state;

	assert_int_equal(vd_sysprobe_run(&r, &o), 0);
	check_small_report(r, NULL);
	assert_int_equal(entries(tmpdir), 0);
	vd_sysprobe_free(r);
}

static void test_bench_fadvise(void **state)
{
	vd_sysprobe_opts o = small_opts();
	vd_sysprobe_report *r = NULL;
	(void)state;

	o.no_direct = 1;
	assert_int_equal(vd_sysprobe_run(&r, &o), 0);
	check_small_report(r, "fadvise");
	assert_int_equal(entries(tmpdir), 0);
	vd_sysprobe_free(r);
}

static void test_bench_bad_dir(void **state)
{
	vd_sysprobe_opts o = small_opts();
	vd_sysprobe_report *r = NULL;
	char file[300];
	FILE *f;
	(void)state;

	o.dir = "/nonexistent/vidya-probe-dir";
	assert_int_equal(vd_sysprobe_run(&r, &o), VD_ERROR);
	assert_null(r);
	assert_non_null(strstr(vd_error_last(), "/nonexistent/vidya-probe-dir"));
	assert_non_null(strstr(vd_error_last(), "does not exist"));

	snprintf(file, sizeof(file), "%s/plain-file", tmpdir);
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	o.dir = file;
	assert_int_equal(vd_sysprobe_run(&r, &o), VD_ERROR);
	assert_non_null(strstr(vd_error_last(), "not a directory"));
	unlink(file);
}

static volatile sig_atomic_t cancel_flag;

static void cancel_at_random_read(const char *phase, void *payload)
{
	(void)payload;
	if (!strcmp(phase, "random read"))
		cancel_flag = 1;
}

static void test_bench_cancel(void **state)
{
	vd_sysprobe_opts o = small_opts();
	vd_sysprobe_report *r = NULL;
	(void)state;

	/* in the middle of a benchmark */
	cancel_flag = 0;
	o.cancel = &cancel_flag;
	o.progress = cancel_at_random_read;
	assert_int_equal(vd_sysprobe_run(&r, &o), VD_EINTR);
	assert_null(r);
	assert_string_equal(vd_error_last(), "interrupted");
	assert_int_equal(entries(tmpdir), 0);

	/* before anything started */
	cancel_flag = 1;
	o.progress = NULL;
	assert_int_equal(vd_sysprobe_run(&r, &o), VD_EINTR);
	assert_int_equal(entries(tmpdir), 0);
}

static void test_no_bench(void **state)
{
	vd_sysprobe_opts o = small_opts();
	vd_sysprobe_report *r = NULL;
	vd_device d;
	vd_buf json = VD_BUF_INIT;
	(void)state;

	o.no_bench = 1;
	assert_int_equal(vd_sysprobe_run(&r, &o), 0);
	assert_int_equal(r->bench.ran, 0);
	vd_sysprobe_to_device(r, &d);
	assert_int_equal(d.is_default, 1); /* device figures are defaults */
	assert_string_equal(d.method, "default");
	assert_true(d.cpu_ns_per_op > 0);
	assert_int_equal(vd_sysprobe_to_json(r, &json), 0);
	assert_non_null(strstr(vd_buf_cstr(&json), "\"seq_write_MiBps\": null"));
	vd_buf_release(&json);
	vd_sysprobe_free(r);
}


/* the dirty limit: vm.dirty_bytes wins, else dirty_ratio % of available */
static void test_dirty_limit(void **state)
{
	(void)state;
	assert_true(vd_sysprobe_dirty_limit(1 << 20, 20, 1000000000LL) == 1 << 20);
	assert_true(vd_sysprobe_dirty_limit(0, 20, 1000000000LL) == 200000000LL);
	assert_true(vd_sysprobe_dirty_limit(0, -1, 1000000000LL) == 0);
	assert_true(vd_sysprobe_dirty_limit(0, 20, 0) == 0);
}

/* a probe without benchmarks, saved in a cache directory of the test's
 * own, reads back under the same key: the figures, the identity, the
 * report; another layout or another directory's key is not found */
static void test_profile_cache(void **state)
{
	vd_sysprobe_opts o = small_opts();
	vd_sysprobe_report *r = NULL;
	char cache[600], file[700];
	vd_buf path = VD_BUF_INIT, json = VD_BUF_INIT, key = VD_BUF_INIT;
	vd_device dev, back;
	char mode[16];
	int found = 0;
	(void)state;

	snprintf(cache, sizeof(cache), "%s/cache", tmpdir);
	setenv("XDG_CACHE_HOME", cache, 1);
	assert_int_equal(vd_sysprobe_cache_load(tmpdir, &back, mode, sizeof mode, NULL, &path, &found), 0);
	assert_int_equal(found, 0);

	o.no_bench = 1;
	assert_int_equal(vd_sysprobe_run(&r, &o), 0);
	vd_sysprobe_to_device(r, &dev);
	dev.seq_read_Bps = 123456789.5;
	dev.scan_ns = 321.25;
	assert_int_equal(vd_sysprobe_cache_save(tmpdir, r, &dev, &path), 0);
	assert_non_null(strstr(vd_buf_cstr(&path), cache));
	assert_int_equal(vd_sysprobe_cache_key(&key, tmpdir), 0);
	assert_non_null(strstr(dev.profile, vd_buf_cstr(&key)));

	assert_int_equal(vd_sysprobe_cache_load(tmpdir, &back, mode, sizeof mode, &json, NULL, &found), 0);
	assert_int_equal(found, 1);
	assert_true(back.seq_read_Bps == dev.seq_read_Bps);
	assert_true(back.scan_ns == dev.scan_ns);
	assert_true(back.cpu_ns_per_op == dev.cpu_ns_per_op);
	assert_string_equal(back.profile, dev.profile);
	assert_string_equal(back.mount, dev.mount);
	assert_string_equal(mode, "quick");
	assert_non_null(strstr(vd_buf_cstr(&json), "\"schema\": \"vidya-sysprobe\""));

	/* an older layout is not used */
	FILE *f = fopen(vd_buf_cstr(&path), "r+");
	assert_non_null(f);
	fputs("# vidya system profile (vidya sysprobe); vidya sysprobe --refresh measures again\nversion=1\n", f);
	fclose(f);
	assert_int_equal(vd_sysprobe_cache_load(tmpdir, &back, NULL, 0, NULL, NULL, &found), 0);
	assert_int_equal(found, 0);

	/* clean up the cache directory */
	snprintf(file, sizeof(file), "%s", vd_buf_cstr(&path));
	unlink(file);
	char *dot = strrchr(file, '.');
	strcpy(dot, ".json");
	unlink(file);
	snprintf(file, sizeof(file), "%s/vidya/profiles", cache);
	rmdir(file);
	snprintf(file, sizeof(file), "%s/vidya", cache);
	rmdir(file);
	rmdir(cache);
	unsetenv("XDG_CACHE_HOME");
	vd_buf_release(&path);
	vd_buf_release(&json);
	vd_buf_release(&key);
	vd_sysprobe_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpuinfo_intel),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_cpuinfo_vm_and_arm),
		cmocka_unit_test(test_cpu_collect_fixture),
		cmocka_unit_test(test_cpu_live),
		cmocka_unit_test(test_meminfo),
		cmocka_unit_test(test_cpulist),
		cmocka_unit_test(test_lshw_memory),
		cmocka_unit_test(test_mountinfo),
		cmocka_unit_test(test_storage_nvme_partition),
		cmocka_unit_test(test_storage_dm_on_sata),
		cmocka_unit_test(test_storage_special),
		cmocka_unit_test(test_lshw_disk),
		cmocka_unit_test(test_storage_live),
		cmocka_unit_test(test_stat),
		cmocka_unit_test(test_threshold),
		cmocka_unit_test(test_concurrency),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_metric_names),
		cmocka_unit_test_setup_teardown(test_bench_small, make_tmpdir, remove_tmpdir),
		cmocka_unit_test_setup_teardown(test_bench_fadvise, make_tmpdir, remove_tmpdir),
		cmocka_unit_test_setup_teardown(test_bench_bad_dir, make_tmpdir, remove_tmpdir),
		cmocka_unit_test_setup_teardown(test_bench_cancel, make_tmpdir, remove_tmpdir),
		cmocka_unit_test_setup_teardown(test_no_bench, make_tmpdir, remove_tmpdir),
		cmocka_unit_test(test_dirty_limit),
		cmocka_unit_test_setup_teardown(test_profile_cache, make_tmpdir, remove_tmpdir),
	};
	return cmocka_run_group_tests_name("sysprobe", tests, NULL, NULL);
}
