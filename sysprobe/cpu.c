/*
 * cpu.c - what the processor is: cpuid, /proc/cpuinfo, sysfs caches, and a
 * calibration of how long one simple operation takes.
 *
 * On x86 the cpuid instruction is the primary source (vendor, family/model/
 * stepping, brand string, features, cache geometry, address widths) because
 * it does not depend on what the kernel chose to print.  /proc/cpuinfo adds
 * the clock and the core topology (distinct physical id / core id pairs), and
 * is the only source on other architectures, where the cache sizes come from
 * /sys/devices/system/cpu/cpu0/cache.  The calibration loop gives the
 * analyzer its cpu_ns_per_op, the exchange rate from counted operations to
 * predicted compute seconds.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <ctype.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define SP_HAVE_CPUID 1
#endif

/* the features worth showing, in /proc/cpuinfo spelling (x86 then arm) */
static const char *key_features[] = { "sse2",   "ssse3",     "sse4_1",   "sse4_2",   "popcnt",
				      "aes",    "pclmulqdq", "avx",      "fma",      "avx2",
				      "bmi2",   "avx512f",   "avx512bw", "avx512vl", "sha_ni",
				      "rdrand", "lm",        "neon",     "asimd",    "sve",
				      "sve2",   "sha2",      "crc32",    "atomics",  NULL };

static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;
	while ((p = strstr(p, word)) != NULL) {
		int start = p == list || isspace((unsigned char)p[-1]);
		int end = p[n] == '\0' || isspace((unsigned char)p[n]);
		if (start && end)
			return 1;
		p += n;
	}
	return 0;
}

static char *pick_features(vd_arena *a, const char *flags)
{
	vd_buf b = VD_BUF_INIT;
	char *r;
	for (int i = 0; key_features[i]; i++)
		if (has_word(flags, key_features[i])) {
			if (b.len)
				vd_buf_putc(&b, ' ');
			vd_buf_puts(&b, key_features[i]);
		}
	r = vd_arena_strdup(a, vd_buf_cstr(&b));
	vd_buf_release(&b);
	return r;
}

/* ---- /proc/cpuinfo --------------------------------------------------------- */

typedef struct {
	long phys, core;
} core_pair;

static int count_distinct_pairs(const core_pair *p, size_t n, int sockets_only)
{
	int count = 0;
	for (size_t i = 0; i < n; i++) {
		size_t j;
		for (j = 0; j < i; j++)
			if (p[j].phys == p[i].phys && (sockets_only || p[j].core == p[i].core))
				break;
		if (j == i)
			count++;
	}
	return count;
}

int vd_sysprobe_parse_cpuinfo(vd_sysprobe_cpu *out, vd_arena *a, const char *text)
{
	VD_VEC(core_pair) pairs = { 0 };
	core_pair cur = { -1, -1 };
	int logical = 0, nmhz = 0, error = 0;
	double mhz = 0;
	const char *flags = NULL;
	size_t flags_len = 0;
	const char *p = text;

	out->family = out->model_id = out->stepping = -1;
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		const char *colon = memchr(p, ':', len);
		char key[64], *k = key, *val = NULL;

		if (len == 0 || !colon) {
			/* blank line ends a processor block */
			if (cur.phys >= 0 || cur.core >= 0) {
				vd_vec_push(pairs, cur);
				cur.phys = cur.core = -1;
			}
			goto next;
		}
		{
			size_t kl = (size_t)(colon - p);
			if (kl >= sizeof(key))
				kl = sizeof(key) - 1;
			memcpy(key, p, kl);
			key[kl] = '\0';
			k = sp_trim(key);
			val = vd_arena_strndup(a, colon + 1, len - (size_t)(colon + 1 - p));
			val = sp_trim(val);
		}
		if (!strcmp(k, "processor")) {
			if (cur.phys >= 0 || cur.core >= 0) {
				vd_vec_push(pairs, cur);
				cur.phys = cur.core = -1;
			}
			logical++;
		} else if (!strcmp(k, "vendor_id") || !strcmp(k, "CPU implementer")) {
			if (!out->vendor)
				out->vendor = val;
		} else if (!strcmp(k, "model name") || !strcmp(k, "Processor") ||
			   !strcmp(k, "cpu model")) {
			if (!out->model)
				out->model = val;
		} else if (!strcmp(k, "cpu family")) {
			out->family = atoi(val);
		} else if (!strcmp(k, "model")) {
			if (isdigit((unsigned char)val[0]))
				out->model_id = atoi(val);
		} else if (!strcmp(k, "stepping")) {
			out->stepping = atoi(val);
		} else if (!strcmp(k, "cpu MHz")) {
			mhz += atof(val);
			nmhz++;
		} else if (!strcmp(k, "physical id")) {
			cur.phys = atol(val);
		} else if (!strcmp(k, "core id")) {
			cur.core = atol(val);
		} else if (!strcmp(k, "flags") || !strcmp(k, "Features")) {
			if (!flags) {
				flags = val;
				flags_len = strlen(val);
			}
		} else if (!strcmp(k, "address sizes")) {
			int phys = 0, virt = 0;
			if (sscanf(val, "%d bits physical, %d bits virtual", &phys, &virt) == 2) {
				out->phys_addr_bits = phys;
				out->virt_addr_bits = virt;
			}
		}
	next:
		p += len;
		if (*p == '\n')
			p++;
	}
	if (cur.phys >= 0 || cur.core >= 0)
		vd_vec_push(pairs, cur);

	out->logical = logical;
	if (nmhz)
		out->mhz = mhz / nmhz;
	if (pairs.n) {
		out->cores = count_distinct_pairs(pairs.v, pairs.n, 0);
		out->sockets = count_distinct_pairs(pairs.v, pairs.n, 1);
	} else {
		out->cores = logical;
		out->sockets = logical ? 1 : 0;
	}
	if (flags && flags_len) {
		out->features = pick_features(a, flags);
		out->hypervisor = has_word(flags, "hypervisor");
	}
	if (!out->source)
		out->source = "/proc/cpuinfo";
	if (logical == 0) {
		vd_error_set("no processor entries in cpuinfo");
		error = VD_EPARSE;
	}
	vd_vec_free(pairs);
	return error;
}

/* ---- sysfs caches -------------------------------------------------------------- */

static long long parse_size(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	switch (*end) {
	case 'K':
	case 'k':
		return v << 10;
	case 'M':
	case 'm':
		return v << 20;
	case 'G':
	case 'g':
		return v << 30;
	default:
		return v;
	}
}

int vd_sysprobe_read_sysfs_caches(vd_sysprobe_cpu *out, vd_arena *a, const char *root)
{
	out->ncaches = 0;
	for (int i = 0; i < 16 && out->ncaches < VD_SYSPROBE_MAX_CACHES; i++) {
		char rel[128];
		char *dir, *type, *size, *shared;
		vd_sysprobe_cache *c;

		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu0/cache/index%d", i);
		dir = sp_path(a, root, rel);
		if (!dir)
			return -1;
		size = sp_read_line(a, vd_arena_printf(a, "%s/size", dir));
		if (!size)
			break;
		c = &out->caches[out->ncaches++];
		c->level = (int)sp_read_ll(vd_arena_printf(a, "%s/level", dir), 0);
		type = sp_read_line(a, vd_arena_printf(a, "%s/type", dir));
		c->type = !type                          ? "unified"
			  : !strcmp(type, "Data")        ? "data"
			  : !strcmp(type, "Instruction") ? "instruction"
							 : "unified";
		c->size_bytes = parse_size(size);
		c->line_bytes =
			(int)sp_read_ll(vd_arena_printf(a, "%s/coherency_line_size", dir), 0);
		c->ways = (int)sp_read_ll(vd_arena_printf(a, "%s/ways_of_associativity", dir), 0);
		shared = sp_read_line(a, vd_arena_printf(a, "%s/shared_cpu_list", dir));
		c->shared_by = shared ? vd_sysprobe_count_cpulist(shared) : 0;
		if (c->shared_by < 0)
			c->shared_by = 0;
	}
	return 0;
}

/* ---- cpuid ------------------------------------------------------------------------ */

#ifdef SP_HAVE_CPUID
static void add_feature(vd_buf *b, int on, const char *name)
{
	if (!on)
		return;
	if (b->len)
		vd_buf_putc(b, ' ');
	vd_buf_puts(b, name);
}

/* Deterministic cache parameters: leaf 4 (Intel) and 0x8000001D (AMD with
 * topology extensions) share one layout. */
static void cpuid_caches(vd_sysprobe_cpu *out, unsigned leaf)
{
	out->ncaches = 0;
	for (unsigned sub = 0; sub < 16 && out->ncaches < VD_SYSPROBE_MAX_CACHES; sub++) {
		unsigned eax, ebx, ecx, edx;
		vd_sysprobe_cache *c;
		unsigned type;

		__cpuid_count(leaf, sub, eax, ebx, ecx, edx);
		type = eax & 0x1f;
		if (type == 0)
			break;
		c = &out->caches[out->ncaches++];
		c->type = type == 1 ? "data" : type == 2 ? "instruction" : "unified";
		c->level = (int)((eax >> 5) & 7);
		c->shared_by = (int)((eax >> 14) & 0xfff) + 1;
		c->ways = (int)((ebx >> 22) & 0x3ff) + 1;
		c->line_bytes = (int)(ebx & 0xfff) + 1;
		c->size_bytes = (long long)c->ways * (((ebx >> 12) & 0x3ff) + 1) * c->line_bytes *
				((long long)ecx + 1);
	}
}

/* Older AMD parts: the legacy L1/L2/L3 descriptors. */
static void cpuid_amd_legacy_caches(vd_sysprobe_cpu *out, unsigned maxext)
{
	unsigned eax, ebx, ecx, edx;
	out->ncaches = 0;
	if (maxext >= 0x80000005) {
		__cpuid(0x80000005, eax, ebx, ecx, edx);
		out->caches[out->ncaches++] = (vd_sysprobe_cache){ 1,
								   "data",
								   (long long)(ecx >> 24) << 10,
								   (int)(ecx & 0xff),
								   (int)((ecx >> 16) & 0xff),
								   0 };
		out->caches[out->ncaches++] = (vd_sysprobe_cache){ 1,
								   "instruction",
								   (long long)(edx >> 24) << 10,
								   (int)(edx & 0xff),
								   (int)((edx >> 16) & 0xff),
								   0 };
	}
	if (maxext >= 0x80000006) {
		__cpuid(0x80000006, eax, ebx, ecx, edx);
		if (ecx >> 16)
			out->caches[out->ncaches++] = (vd_sysprobe_cache){
				2, "unified", (long long)(ecx >> 16) << 10, (int)(ecx & 0xff), 0, 0
			};
		if (edx >> 18)
			out->caches[out->ncaches++] =
				(vd_sysprobe_cache){ 3,
						     "unified",
						     (long long)(edx >> 18) * 512 * 1024,
						     (int)(edx & 0xff),
						     0,
						     0 };
	}
}

static int cpu_from_cpuid(vd_sysprobe_cpu *out, vd_arena *a)
{
	unsigned max, maxext, eax, ebx, ecx, edx;
	unsigned ecx1 = 0, edx1 = 0, ebx7 = 0, ecx7 = 0, ecx81 = 0, edx81 = 0;
	char vendor[13], brand[49];
	vd_buf feat = VD_BUF_INIT;

	if (!__get_cpuid(0, &max, &ebx, &ecx, &edx))
		return -1;
	memcpy(vendor, &ebx, 4);
	memcpy(vendor + 4, &edx, 4);
	memcpy(vendor + 8, &ecx, 4);
	vendor[12] = '\0';
	out->vendor = vd_arena_strdup(a, vendor);

	if (max >= 1) {
		unsigned fam, mod;
		__cpuid(1, eax, ebx, ecx1, edx1);
		fam = (eax >> 8) & 0xf;
		mod = (eax >> 4) & 0xf;
		if (fam == 0xf)
			fam += (eax >> 20) & 0xff;
		if (fam == 0x6 || fam >= 0xf)
			mod += ((eax >> 16) & 0xf) << 4;
		out->family = (int)fam;
		out->model_id = (int)mod;
		out->stepping = (int)(eax & 0xf);
		out->hypervisor = (ecx1 >> 31) & 1;
	}
	if (max >= 7)
		__cpuid_count(7, 0, eax, ebx7, ecx7, edx);
	__cpuid(0x80000000, maxext, ebx, ecx, edx);
	if (maxext >= 0x80000001)
		__cpuid(0x80000001, eax, ebx, ecx81, edx81);
	if (maxext >= 0x80000004) {
		unsigned *w = (unsigned *)(void *)brand;
		char *s;
		for (unsigned i = 0; i < 3; i++)
			__cpuid(0x80000002 + i, w[i * 4], w[i * 4 + 1], w[i * 4 + 2], w[i * 4 + 3]);
		brand[48] = '\0';
		s = sp_trim(brand);
		if (*s)
			out->model = vd_arena_strdup(a, s);
	}
	if (maxext >= 0x80000008) {
		__cpuid(0x80000008, eax, ebx, ecx, edx);
		out->phys_addr_bits = (int)(eax & 0xff);
		out->virt_addr_bits = (int)((eax >> 8) & 0xff);
	}

	add_feature(&feat, (edx1 >> 26) & 1, "sse2");
	add_feature(&feat, (ecx1 >> 9) & 1, "ssse3");
	add_feature(&feat, (ecx1 >> 19) & 1, "sse4_1");
	add_feature(&feat, (ecx1 >> 20) & 1, "sse4_2");
	add_feature(&feat, (ecx1 >> 23) & 1, "popcnt");
	add_feature(&feat, (ecx1 >> 25) & 1, "aes");
	add_feature(&feat, (ecx1 >> 1) & 1, "pclmulqdq");
	add_feature(&feat, (ecx1 >> 28) & 1, "avx");
	add_feature(&feat, (ecx1 >> 12) & 1, "fma");
	add_feature(&feat, (ebx7 >> 5) & 1, "avx2");
	add_feature(&feat, (ebx7 >> 8) & 1, "bmi2");
	add_feature(&feat, (ebx7 >> 16) & 1, "avx512f");
	add_feature(&feat, (ebx7 >> 30) & 1, "avx512bw");
	add_feature(&feat, (ebx7 >> 31) & 1, "avx512vl");
	add_feature(&feat, (ebx7 >> 29) & 1, "sha_ni");
	add_feature(&feat, (ecx1 >> 30) & 1, "rdrand");
	add_feature(&feat, (edx81 >> 29) & 1, "lm");
	(void)ecx7;
	out->features = vd_arena_strdup(a, vd_buf_cstr(&feat));
	vd_buf_release(&feat);

	if (!strcmp(vendor, "GenuineIntel") && max >= 4)
		cpuid_caches(out, 4);
	else if ((!strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine")) &&
		 maxext >= 0x8000001D && ((ecx81 >> 22) & 1))
		cpuid_caches(out, 0x8000001D);
	else if (!strcmp(vendor, "AuthenticAMD"))
		cpuid_amd_legacy_caches(out, maxext);
	out->source = "cpuid";
	return 0;
}
#endif

/* ---- everything -------------------------------------------------------------------- */

int vd_sysprobe_collect_cpu(vd_sysprobe_cpu *out, vd_arena *a, const char *root)
{
	char *text = NULL;
	int live = sp_root_is_live(root), error;
	char *path = sp_path(a, root, "proc/cpuinfo");
	long long khz;

	memset(out, 0, sizeof(*out));
	out->family = out->model_id = out->stepping = -1;
	if (!path)
		return -1;
	if ((error = vd_read_file(&text, NULL, path)) < 0)
		goto cleanup;
	if ((error = vd_sysprobe_parse_cpuinfo(out, a, text)) < 0)
		goto cleanup;

#ifdef SP_HAVE_CPUID
	if (live) {
		int cores = out->cores, sockets = out->sockets, logical = out->logical;
		double mhz = out->mhz;
		cpu_from_cpuid(out, a);
		out->cores = cores;
		out->sockets = sockets;
		out->logical = logical;
		out->mhz = mhz;
	}
#endif
	if (out->ncaches == 0)
		vd_sysprobe_read_sysfs_caches(out, a, root);
	khz = sp_read_ll(sp_path(a, root, "sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"),
			 0);
	if (khz > 0)
		out->max_mhz = (double)khz / 1000.0;

	if (live) {
		struct utsname u;
		cpu_set_t set;
		long online = sysconf(_SC_NPROCESSORS_ONLN);
		if (online > 0)
			out->logical = (int)online;
		out->usable = out->logical;
		if (sched_getaffinity(0, sizeof(set), &set) == 0)
			out->usable = CPU_COUNT(&set);
		if (uname(&u) == 0)
			out->arch = vd_arena_strdup(a, u.machine);
	} else {
		out->usable = out->logical;
	}
	error = 0;

cleanup:
	free(text);
	return error;
}

/* ---- calibration ---------------------------------------------------------------------- */

/* The loop must be compiled the same way whatever the build type, or a debug
 * or sanitizer build would calibrate a different machine. */
#if defined(__clang__)
#define SP_CALIB_ATTR __attribute__((noinline, no_sanitize("address", "undefined")))
#elif defined(__GNUC__)
#define SP_CALIB_ATTR \
	__attribute__((noinline, optimize("O2"), no_sanitize_address, no_sanitize_undefined))
#else
#define SP_CALIB_ATTR
#endif

/* six operations per iteration: multiply, add, shift, load, add, store; the
 * multiply-add chain is serial, so this is latency, not throughput */
#define SP_OPS_PER_ITER 6

SP_CALIB_ATTR static uint64_t calib_loop(uint32_t *arr, uint64_t iters, uint64_t x)
{
	for (uint64_t i = 0; i < iters; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		arr[x >> 54] += (uint32_t)x;
	}
	return x;
}

double vd_sysprobe_cpu_ns_per_op(double seconds)
{
	static uint32_t arr[1024];
	volatile uint64_t sink = 0;
	uint64_t iters = 1u << 16;
	double best = 0, t0, dt;

	if (seconds <= 0)
		seconds = 0.05;
	/* grow the run until it takes a measurable slice of the budget */
	for (;;) {
		t0 = vd_now();
		sink += calib_loop(arr, iters, sink + 1);
		dt = vd_now() - t0;
		if (dt > seconds / 10 || iters > (1ULL << 34))
			break;
		iters *= 2;
	}
	best = dt;
	for (int rep = 0; rep < 4; rep++) {
		t0 = vd_now();
		sink += calib_loop(arr, iters, sink + 1);
		dt = vd_now() - t0;
		if (dt < best)
			best = dt;
	}
	(void)sink;
	return best * 1e9 / ((double)iters * SP_OPS_PER_ITER);
}
