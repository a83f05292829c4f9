/*
 * storage.c - which file system holds a directory, and what is behind it.
 *
 * The mount comes from /proc/self/mountinfo (the longest mount point that
 * is a prefix of the real path; a later line shadows an earlier one on the
 * same point).  Its major:minor leads through /sys/dev/block to the block
 * device: a partition is followed to its disk, device-mapper and md devices
 * to their slaves, a loop device to its backing file.  The disk's queue
 * directory gives the facts the kernel uses (rotational flag, block sizes,
 * scheduler, nr_requests, hardware queues), the PCI device above it the link
 * width and speed.  File systems without a block device of their own are
 * named for what they are: memory (tmpfs), network (nfs, lustre, ...), and
 * overlay, whose upper layer is followed when it is visible.  lshw, when it
 * ran, adds the product name, the controller and the rotation speed.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* ---- file system classes ---------------------------------------------------- */

static const char *memory_fs[] = { "tmpfs", "ramfs", "devtmpfs", "hugetlbfs", NULL };
static const char *overlay_fs[] = {
	"overlay", "overlayfs", "aufs", "fuse-overlayfs", "fuse.fuse-overlayfs", "unionfs", NULL
};
static const char *network_fs[] = {
	"nfs",          "nfs4",       "cifs",      "smb3",           "smbfs",       "9p",
	"virtiofs",     "ceph",       "glusterfs", "fuse.glusterfs", "lustre",      "gpfs",
	"beegfs",       "fhgfs",      "orangefs",  "pvfs2",          "panfs",       "wekafs",
	"afs",          "fuse.sshfs", "fuse.s3fs", "fuse.rclone",    "fuse.cephfs", "fuse.gcsfuse",
	"fuse.juicefs", NULL
};
static const char *pseudo_fs[] = { "proc",     "sysfs",   "cgroup",     "cgroup2", "devpts",
				   "debugfs",  "tracefs", "securityfs", "pstore",  "bpf",
				   "configfs", "fusectl", "mqueue",     "autofs",  "binfmt_misc",
				   "efivarfs", "nsfs",    NULL };
static const char *disk_fs[] = { "ext2",     "ext3",  "ext4",     "xfs",      "btrfs",
				 "zfs",      "f2fs",  "vfat",     "exfat",    "ntfs",
				 "ntfs3",    "jfs",   "reiserfs", "bcachefs", "nilfs2",
				 "squashfs", "erofs", "iso9660",  "udf",      NULL };

static int in_list(const char *s, const char **list)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(s, list[i]))
			return 1;
	return 0;
}

static const char *fs_class_of(const char *fstype, unsigned major, const char *source)
{
	if (in_list(fstype, memory_fs))
		return "memory";
	if (in_list(fstype, overlay_fs))
		return "overlay";
	if (in_list(fstype, network_fs) || !strncmp(fstype, "nfs", 3))
		return "network";
	if (in_list(fstype, pseudo_fs))
		return "pseudo";
	if (in_list(fstype, disk_fs) || major != 0 || (source && !strncmp(source, "/dev/", 5)))
		return "block";
	return "unknown";
}

/* ---- mountinfo ------------------------------------------------------------------ */

/* mountinfo escapes space, tab, newline and backslash as \ooo; dst holds n + 1 */
static void unescape_into(char *dst, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 3 < n && s[i + 1] >= '0' && s[i + 1] <= '3' &&
		    s[i + 2] >= '0' && s[i + 2] <= '7' && s[i + 3] >= '0' && s[i + 3] <= '7') {
			*dst++ = (char)(((s[i + 1] - '0') << 6) | ((s[i + 2] - '0') << 3) |
					(s[i + 3] - '0'));
			i += 3;
		} else {
			*dst++ = s[i];
		}
	}
	*dst = '\0';
}

static char *unescape(vd_arena *a, const char *s, size_t n)
{
	char *r = vd_arena_alloc(a, n + 1);
	if (r)
		unescape_into(r, s, n);
	return r;
}

static int mount_covers(const char *mp, const char *path)
{
	size_t n = strlen(mp);
	if (!strcmp(mp, "/"))
		return path[0] == '/';
	return !strncmp(path, mp, n) && (path[n] == '/' || path[n] == '\0');
}

/* "a,b" + "b,c" -> "a,b,c" */
static char *merge_options(vd_arena *a, const char *o1, const char *o2)
{
	vd_buf b = VD_BUF_INIT;
	const char *lists[2] = { o1, o2 };
	char *r;

	for (int l = 0; l < 2; l++) {
		const char *p = lists[l];
		while (p && *p) {
			size_t n = strcspn(p, ",");
			int dup = 0;
			const char *q = vd_buf_cstr(&b);
			while (*q) {
				size_t m = strcspn(q, ",");
				if (m == n && !strncmp(q, p, n)) {
					dup = 1;
					break;
				}
				q += m;
				if (*q == ',')
					q++;
			}
			if (!dup && n) {
				if (b.len)
					vd_buf_putc(&b, ',');
				vd_buf_put(&b, p, n);
			}
			p += n;
			if (*p == ',')
				p++;
		}
	}
	r = vd_arena_strdup(a, vd_buf_cstr(&b));
	vd_buf_release(&b);
	return r;
}

int vd_sysprobe_parse_mountinfo(vd_sysprobe_storage *out, vd_arena *a, const char *text,
				const char *path)
{
	const char *p = text, *best = NULL;
	size_t best_len = 0, best_mp = 0;

	/* first pass: find the line, second: take it apart */
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char mp_raw[PATH_MAX + 1];
		int f = 0;
		const char *q = p, *mp = NULL;
		size_t mplen = 0;

		/* the mount point is the fifth field */
		while (q < p + len && f < 5) {
			const char *s = q;
			while (q < p + len && *q != ' ')
				q++;
			if (++f == 5) {
				mp = s;
				mplen = (size_t)(q - s);
			}
			while (q < p + len && *q == ' ')
				q++;
		}
		if (mp && mplen < sizeof(mp_raw)) {
			unescape_into(mp_raw, mp, mplen);
			if (mount_covers(mp_raw, path) && strlen(mp_raw) >= best_mp) {
				best = p;
				best_len = len;
				best_mp = strlen(mp_raw);
			}
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	if (!best) {
		vd_error_set("no mount found for '%s'", path);
		return VD_ENOTFOUND;
	}

	{
		char *line = vd_arena_strndup(a, best, best_len);
		char *fields[64];
		int nf = 0, dash = -1;
		char *save = NULL, *mopts, *sopts = NULL;

		if (!line)
			return -1;
		for (char *t = strtok_r(line, " ", &save); t && nf < 64;
		     t = strtok_r(NULL, " ", &save)) {
			if (!strcmp(t, "-") && dash < 0 && nf >= 6)
				dash = nf;
			fields[nf++] = t;
		}
		if (nf < 6 || dash < 0 || dash + 2 >= nf) {
			vd_error_set("malformed mountinfo line for '%s'", path);
			return VD_EPARSE;
		}
		if (sscanf(fields[2], "%u:%u", &out->major, &out->minor) != 2) {
			vd_error_set("malformed device number '%s' in mountinfo", fields[2]);
			return VD_EPARSE;
		}
		out->mount = unescape(a, fields[4], strlen(fields[4]));
		mopts = fields[5];
		out->fstype = vd_arena_strdup(a, fields[dash + 1]);
		out->source = unescape(a, fields[dash + 2], strlen(fields[dash + 2]));
		if (dash + 3 < nf)
			sopts = fields[dash + 3];
		out->options = merge_options(a, mopts, sopts);
		out->fs_class = fs_class_of(out->fstype, out->major, out->source);
	}
	return 0;
}

/* value of key=VALUE in a comma-separated option list */
static char *option_value(vd_arena *a, const char *opts, const char *key)
{
	size_t kl = strlen(key);
	const char *p = opts;
	while (p && *p) {
		size_t n = strcspn(p, ",");
		if (n > kl && !strncmp(p, key, kl) && p[kl] == '=')
			return vd_arena_strndup(a, p + kl + 1, n - kl - 1);
		p += n;
		if (*p == ',')
			p++;
	}
	return NULL;
}

/* ---- sysfs --------------------------------------------------------------------------- */

static char *real(vd_arena *a, const char *path)
{
	char buf[PATH_MAX];
	if (!path || !realpath(path, buf))
		return NULL;
	return vd_arena_strdup(a, buf);
}

static char *dir_of(vd_arena *a, const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash != path ? vd_arena_strndup(a, path, (size_t)(slash - path))
				      : vd_arena_strdup(a, "/");
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static int exists(const char *path)
{
	struct stat st;
	return path && stat(path, &st) == 0;
}

/* the whole disk behind a (possibly partition) device directory */
static char *whole_disk(vd_arena *a, const char *devdir)
{
	if (exists(vd_arena_printf(a, "%s/partition", devdir)))
		return dir_of(a, devdir);
	return vd_arena_strdup(a, devdir);
}

/* names in dir, space-separated; count in *n */
static char *list_dir(vd_arena *a, const char *dir, int *n)
{
	DIR *d = opendir(dir);
	vd_buf b = VD_BUF_INIT;
	struct dirent *e;
	char *r;

	*n = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (b.len)
			vd_buf_putc(&b, ' ');
		vd_buf_puts(&b, e->d_name);
		(*n)++;
	}
	closedir(d);
	r = *n ? vd_arena_strdup(a, vd_buf_cstr(&b)) : NULL;
	vd_buf_release(&b);
	return r;
}

/* "none [mq-deadline] kyber" -> "mq-deadline" */
static char *active_scheduler(vd_arena *a, const char *s)
{
	const char *l, *r;
	if (!s)
		return NULL;
	l = strchr(s, '[');
	r = l ? strchr(l, ']') : NULL;
	if (l && r)
		return vd_arena_strndup(a, l + 1, (size_t)(r - l - 1));
	return vd_arena_strdup(a, s);
}

static int contains_ci(const char *s, const char *needle)
{
	return s && strcasestr(s, needle) != NULL;
}

static int looks_virtual(const char *name, const char *vendor, const char *model)
{
	static const char *words[] = {
		"qemu",          "virtual", "vbox", "vmware", "persistentdisk",
		"elastic block", "msft",    "xen",  "bochs",  NULL
	};
	if (!strncmp(name, "vd", 2) || !strncmp(name, "xvd", 3))
		return 1;
	if (vendor && !strcasecmp(vendor, "0x1af4"))
		return 1;
	for (int i = 0; words[i]; i++)
		if (contains_ci(vendor, words[i]) || contains_ci(model, words[i]))
			return 1;
	return 0;
}

/* PCIe link of the nearest PCI device above the disk */
static void pcie_link(vd_sysprobe_storage *out, vd_arena *a, const char *root, const char *diskdir)
{
	char *top = sp_path(a, root, "sys/devices");
	char *stop = real(a, top);
	char *dir = vd_arena_strdup(a, diskdir);
	size_t stop_len = stop ? strlen(stop) : strlen(top);

	for (int depth = 0; dir && strlen(dir) > stop_len && depth < 12; depth++) {
		long long w = sp_read_ll(vd_arena_printf(a, "%s/current_link_width", dir), -1);
		if (w > 0) {
			double gts;
			out->pcie_lanes = (int)w;
			out->pcie_speed =
				sp_read_line(a, vd_arena_printf(a, "%s/current_link_speed", dir));
			gts = out->pcie_speed ? atof(out->pcie_speed) : 0;
			/* 8b/10b up to 5 GT/s, 128b/130b from 8 GT/s (PCIe 3+) */
			if (gts > 0)
				out->pcie_MBps = gts * 1e3 * (gts < 8 ? 0.8 : 128.0 / 130.0) / 8.0 *
						 (double)w;
			return;
		}
		dir = dir_of(a, dir);
	}
}

static void queue_facts(vd_sysprobe_storage *out, vd_arena *a, const char *root,
			const char *diskdir)
{
	char *q = vd_arena_printf(a, "%s/queue", diskdir);
	const char *vendor, *model;
	char *wc;
	int nq = 0;
	long long sectors;

	out->disk = vd_arena_strdup(a, base_of(diskdir));
	out->rotational = (int)sp_read_ll(vd_arena_printf(a, "%s/rotational", q), -1);
	out->logical_block = (int)sp_read_ll(vd_arena_printf(a, "%s/logical_block_size", q), 0);
	out->physical_block = (int)sp_read_ll(vd_arena_printf(a, "%s/physical_block_size", q), 0);
	out->scheduler =
		active_scheduler(a, sp_read_line(a, vd_arena_printf(a, "%s/scheduler", q)));
	out->nr_requests = (int)sp_read_ll(vd_arena_printf(a, "%s/nr_requests", q), -1);
	out->read_ahead_kb = (int)sp_read_ll(vd_arena_printf(a, "%s/read_ahead_kb", q), -1);
	wc = sp_read_line(a, vd_arena_printf(a, "%s/write_cache", q));
	out->write_cache = wc;
	list_dir(a, vd_arena_printf(a, "%s/mq", diskdir), &nq);
	out->hw_queues = nq > 0 ? nq : -1;
	sectors = sp_read_ll(vd_arena_printf(a, "%s/size", diskdir), 0);
	out->size_bytes = sectors * 512;
	model = sp_read_line(a, vd_arena_printf(a, "%s/device/model", diskdir));
	vendor = sp_read_line(a, vd_arena_printf(a, "%s/device/vendor", diskdir));
	out->is_virtual = looks_virtual(out->disk, vendor, model);
	if (vendor && !strcasecmp(vendor, "0x1af4")) {
		vendor = "Red Hat (virtio)";
		if (!model)
			model = "virtio block device";
	}
	out->model = model && *model ? model : NULL;
	out->vendor = vendor && *vendor ? vendor : NULL;
	pcie_link(out, a, root, diskdir);
}

int vd_sysprobe_read_sysfs_block(vd_sysprobe_storage *out, vd_arena *a, const char *root)
{
	char *devdir, *diskdir, *name;
	unsigned major = out->major, minor = out->minor;
	const char *cls = out->fs_class ? out->fs_class : "unknown";

	out->rotational = -1;
	out->nr_requests = out->hw_queues = out->read_ahead_kb = -1;
	if (!strcmp(cls, "memory")) {
		out->device = vd_arena_printf(a, "none (%s: memory)", out->fstype);
		out->note = vd_arena_printf(
			a, "%s keeps files in memory (and swap): the figures are memory speeds",
			out->fstype);
		return 0;
	}
	if (!strcmp(cls, "network")) {
		out->device = vd_arena_printf(a, "network (%s %s)", out->fstype,
					      out->source ? out->source : "?");
		out->note =
			"network file system: the figures include the network and the server, and vary with their load";
		return 0;
	}
	if (!strcmp(cls, "pseudo")) {
		out->device = vd_arena_printf(a, "none (%s)", out->fstype);
		return 0;
	}
	if (!strcmp(cls, "overlay") && major == 0) {
		out->device = "none (overlay)";
		return 0;
	}

	if (major == 0 && sp_root_is_live(root) && out->source &&
	    !strncmp(out->source, "/dev/", 5)) {
		/* btrfs and friends show an anonymous device number in mountinfo */
		struct stat st;
		if (stat(out->source, &st) == 0 && S_ISBLK(st.st_mode)) {
			major = major(st.st_rdev);
			minor = minor(st.st_rdev);
		}
	}
	if (major == 0) {
		out->device = out->source ? vd_arena_strdup(a, out->source) : "unknown";
		return 0;
	}

	devdir = real(a, sp_path(a, root, vd_arena_printf(a, "sys/dev/block/%u:%u", major, minor)));
	if (!devdir) {
		/* containers often hide /sys/dev/block: the mount source is all we know */
		out->device = out->source ? vd_arena_strdup(a, out->source) : "unknown";
		out->note = "no /sys entry for the block device (container?): device facts unknown";
		return 0;
	}
	name = vd_arena_strdup(a, base_of(devdir));
	out->device = vd_arena_printf(a, "/dev/%s", name);
	diskdir = whole_disk(a, devdir);

	if (!strncmp(name, "dm-", 3) || !strncmp(name, "md", 2)) {
		int n = 0;
		char *slaves = list_dir(a, vd_arena_printf(a, "%s/slaves", devdir), &n);
		char *dmname = sp_read_line(a, vd_arena_printf(a, "%s/dm/name", devdir));
		out->kind = name[0] == 'd' ? "dm" : "md";
		if (dmname)
			out->device = vd_arena_printf(a, "/dev/%s (%s)", name, dmname);
		if (slaves) {
			char first[256];
			char *slave_dir;
			out->backing = slaves;
			snprintf(first, sizeof(first), "%.*s", (int)strcspn(slaves, " "), slaves);
			slave_dir = real(a, vd_arena_printf(a, "%s/slaves/%s", devdir, first));
			if (slave_dir)
				diskdir = whole_disk(a, slave_dir);
		}
	} else if (!strncmp(name, "loop", 4)) {
		out->kind = "loop";
		out->backing = sp_read_line(a, vd_arena_printf(a, "%s/loop/backing_file", devdir));
		out->note =
			"loop device: the figures go through the file system of the backing file";
	} else if (!strncmp(name, "zram", 4)) {
		out->kind = "zram";
		out->note = "zram is compressed memory";
	} else {
		out->kind = strcmp(diskdir, devdir) ? "partition" : "disk";
	}
	queue_facts(out, a, root, diskdir);
	return 0;
}

static void copy_device_facts(vd_sysprobe_storage *dst, const vd_sysprobe_storage *src)
{
	dst->kind = src->kind;
	dst->disk = src->disk;
	dst->rotational = src->rotational;
	dst->logical_block = src->logical_block;
	dst->physical_block = src->physical_block;
	dst->scheduler = src->scheduler;
	dst->nr_requests = src->nr_requests;
	dst->hw_queues = src->hw_queues;
	dst->read_ahead_kb = src->read_ahead_kb;
	dst->write_cache = src->write_cache;
	dst->model = src->model;
	dst->vendor = src->vendor;
	dst->size_bytes = src->size_bytes;
	dst->is_virtual = src->is_virtual;
	dst->pcie_lanes = src->pcie_lanes;
	dst->pcie_speed = src->pcie_speed;
	dst->pcie_MBps = src->pcie_MBps;
}

int vd_sysprobe_collect_storage(vd_sysprobe_storage *out, vd_arena *a, const char *root,
				const char *path)
{
	int live = sp_root_is_live(root), error;
	char *text = NULL, *abs;

	memset(out, 0, sizeof(*out));
	out->rotational = out->nr_requests = out->hw_queues = out->read_ahead_kb = -1;
	if (live) {
		struct stat st;
		if (!(abs = real(a, path))) {
			if (errno == ENOENT)
				vd_error_set("directory '%s' does not exist", path);
			else
				vd_error_set("unable to resolve '%s': %s", path, strerror(errno));
			return VD_ERROR;
		}
		if (stat(abs, &st) < 0 || !S_ISDIR(st.st_mode)) {
			vd_error_set("'%s' is not a directory", path);
			return VD_ERROR;
		}
	} else {
		abs = vd_arena_strdup(a, path);
	}
	out->path = abs;

	if ((error = vd_read_file(&text, NULL, sp_path(a, root, "proc/self/mountinfo"))) < 0)
		goto cleanup;
	if ((error = vd_sysprobe_parse_mountinfo(out, a, text, abs)) < 0)
		goto cleanup;
	if ((error = vd_sysprobe_read_sysfs_block(out, a, root)) < 0)
		goto cleanup;

	if (!strcmp(out->fs_class, "overlay")) {
		char *upper = option_value(a, out->options, "upperdir");
		vd_sysprobe_storage st;
		out->backing = upper;
		out->note =
			upper ? vd_arena_printf(
					a,
					"overlay: writes go to the upper layer '%s'; the figures describe the overlay as the application sees it",
					upper)
			      : "overlay: the figures describe the overlay as the application sees it";
		memset(&st, 0, sizeof(st));
		if (upper && vd_sysprobe_parse_mountinfo(&st, a, text, upper) == 0 &&
		    strcmp(st.mount, out->mount) && !strcmp(st.fs_class, "block") &&
		    vd_sysprobe_read_sysfs_block(&st, a, root) == 0 && st.disk) {
			copy_device_facts(out, &st);
			out->device = vd_arena_printf(a, "%s (upper layer, %s on %s)", st.device,
						      st.fstype, st.mount);
		}
	}

	if (live) {
		struct statfs sf;
		if (statfs(abs, &sf) == 0) {
			out->fs_size_bytes = (long long)sf.f_blocks * (long long)sf.f_bsize;
			out->fs_free_bytes = (long long)sf.f_bavail * (long long)sf.f_bsize;
		}
	}
	error = 0;

cleanup:
	free(text);
	return error;
}

/* ---- lshw --------------------------------------------------------------------------- */

static int has_logicalname(xmlNode *n, const char *want)
{
	for (xmlNode *c = n->children; c; c = c->next) {
		xmlChar *s;
		int match;
		if (!sp_xml_is(c, "logicalname"))
			continue;
		s = xmlNodeGetContent(c);
		match = s && !strcmp((const char *)s, want);
		xmlFree(s);
		if (match)
			return 1;
	}
	return 0;
}

static int has_child(xmlNode *n, const char *name)
{
	for (xmlNode *c = n->children; c; c = c->next)
		if (sp_xml_is(c, name))
			return 1;
	return 0;
}

static int capability_rpm(xmlNode *n)
{
	for (xmlNode *c = n->children; c; c = c->next) {
		if (!sp_xml_is(c, "capabilities"))
			continue;
		for (xmlNode *cap = c->children; cap; cap = cap->next) {
			xmlChar *id;
			int rpm = 0;
			if (!sp_xml_is(cap, "capability"))
				continue;
			id = xmlGetProp(cap, (const xmlChar *)"id");
			if (id) {
				size_t len = strlen((const char *)id);
				if (len > 3 && !strcmp((const char *)id + len - 3, "rpm"))
					rpm = atoi((const char *)id);
			}
			xmlFree(id);
			if (rpm > 0)
				return rpm;
		}
	}
	return 0;
}

static xmlNode *find_disk(xmlNode *n, const char *want, xmlNode *ctrl, xmlNode **ctrl_out)
{
	for (; n; n = n->next) {
		xmlNode *here = ctrl, *hit;
		if (!sp_xml_is(n, "node")) {
			if ((hit = find_disk(n->children, want, ctrl, ctrl_out)))
				return hit;
			continue;
		}
		{
			xmlChar *cls = xmlGetProp(n, (const xmlChar *)"class");
			int storage = cls && !strcmp((const char *)cls, "storage");
			xmlFree(cls);
			if (has_logicalname(n, want)) {
				*ctrl_out = ctrl;
				return n;
			}
			/* the controller is the nearest storage node that names a
			 * product (not the bare "scsi0" host nodes in between) */
			if (storage && (has_child(n, "product") || has_child(n, "description")))
				here = n;
		}
		if ((hit = find_disk(n->children, want, here, ctrl_out)))
			return hit;
	}
	return NULL;
}

int vd_sysprobe_parse_lshw_disk(vd_sysprobe_storage *out, vd_arena *a, const char *xml, size_t len)
{
	xmlDoc *doc;
	xmlNode *disk, *ctrl = NULL;
	char want[300];
	int error = 0;

	if (!out->disk)
		return VD_ENOTFOUND;
	if (!(doc = sp_xml_read(xml, len))) {
		vd_error_set("lshw output is not XML");
		return VD_EPARSE;
	}
	snprintf(want, sizeof(want), "/dev/%s", out->disk);
	disk = find_disk(xmlDocGetRootElement(doc), want, NULL, &ctrl);
	if (!disk) {
		vd_error_set("lshw does not list %s", want);
		error = VD_ENOTFOUND;
		goto cleanup;
	}
	out->lshw_description = sp_xml_child(a, disk, "description");
	out->lshw_product = sp_xml_child(a, disk, "product");
	out->lshw_vendor = sp_xml_child(a, disk, "vendor");
	out->businfo = sp_xml_child(a, disk, "businfo");
	out->driver = sp_xml_setting(a, disk, "driver");
	out->rpm = capability_rpm(disk);
	if (ctrl) {
		char *prod = sp_xml_child(a, ctrl, "product");
		char *desc = sp_xml_child(a, ctrl, "description");
		char *drv = sp_xml_setting(a, ctrl, "driver");
		out->controller = prod && desc ? vd_arena_printf(a, "%s (%s)", prod, desc)
				  : prod       ? prod
					       : desc;
		if (!out->driver)
			out->driver = drv;
		/* NVMe: the product name sits on the controller node */
		if (!out->lshw_product)
			out->lshw_product = prod;
		if (!out->businfo)
			out->businfo = sp_xml_child(a, ctrl, "businfo");
	}
	if (!out->model && out->lshw_product)
		out->model = out->lshw_product;
	if (!out->is_virtual && looks_virtual(out->disk, out->lshw_vendor, out->lshw_product))
		out->is_virtual = 1;

cleanup:
	xmlFreeDoc(doc);
	return error;
}

/* ---- mount lookup for callers ----------------------------------------------------------- */

int vd_sysprobe_mount_of(vd_buf *mount, vd_buf *fstype, const char *path)
{
	vd_arena *a = vd_arena_new();
	char *text = NULL, *abs;
	vd_sysprobe_storage st;
	int error;

	memset(&st, 0, sizeof(st));
	if (!(abs = real(a, path))) {
		if (errno == ENOENT)
			vd_error_set("directory '%s' does not exist", path);
		else
			vd_error_set("unable to resolve '%s': %s", path, strerror(errno));
		error = VD_ERROR;
		goto cleanup;
	}
	if ((error = vd_read_file(&text, NULL, "/proc/self/mountinfo")) < 0)
		goto cleanup;
	if ((error = vd_sysprobe_parse_mountinfo(&st, a, text, abs)) < 0)
		goto cleanup;
	vd_buf_clear(mount);
	vd_buf_puts(mount, st.mount);
	if (fstype) {
		vd_buf_clear(fstype);
		vd_buf_puts(fstype, st.fstype);
	}

cleanup:
	free(text);
	vd_arena_free(a);
	return error;
}
