/*
 * memory.c - how much memory there is and what it is made of.
 *
 * /proc/meminfo gives the totals the kernel sees; the NUMA node count comes
 * from /sys/devices/system/node/online.  The physical layout (DIMMs, their
 * type, speed and the number of banks) is only known to the firmware tables,
 * which `lshw -xml -class memory` reads; virtual machines usually report a
 * single "System memory" node without banks, which is recorded as such.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int vd_sysprobe_parse_meminfo(vd_sysprobe_memory *out, const char *text)
{
	long long huge_total = 0, huge_size = 0;
	const char *p = text;
	int seen = 0;

	while (*p) {
		char key[64];
		long long v;
		char unit[8] = "";
		const char *eol = strchr(p, '\n');
		int n = sscanf(p, "%63[^:]: %lld %7s", key, &v, unit);

		if (n >= 2) {
			long long bytes = !strcmp(unit, "kB") ? v * 1024 : v;
			seen++;
			if (!strcmp(key, "MemTotal"))
				out->total_bytes = bytes;
			else if (!strcmp(key, "MemFree"))
				out->free_bytes = bytes;
			else if (!strcmp(key, "MemAvailable"))
				out->available_bytes = bytes;
			else if (!strcmp(key, "Cached"))
				out->cached_bytes = bytes;
			else if (!strcmp(key, "SwapTotal"))
				out->swap_total_bytes = bytes;
			else if (!strcmp(key, "HugePages_Total"))
				huge_total = v;
			else if (!strcmp(key, "Hugepagesize"))
				huge_size = bytes;
		}
		if (!eol)
			break;
		p = eol + 1;
	}
	out->hugepage_bytes = huge_total * huge_size;
	if (!seen || out->total_bytes <= 0) {
		vd_error_set("no MemTotal in meminfo");
		return VD_EPARSE;
	}
	return 0;
}

int vd_sysprobe_count_cpulist(const char *text)
{
	int count = 0;
	const char *p = text;

	while (*p && isspace((unsigned char)*p))
		p++;
	if (!*p)
		return -1;
	while (*p && !isspace((unsigned char)*p)) {
		char *end;
		long lo = strtol(p, &end, 10), hi;
		if (end == p)
			return -1;
		hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1 || hi < lo)
				return -1;
			p = end;
		}
		count += (int)(hi - lo + 1);
		if (*p == ',')
			p++;
		else if (*p && !isspace((unsigned char)*p))
			return -1;
	}
	return count;
}

long long vd_sysprobe_dirty_limit(long long dirty_bytes, long long dirty_ratio, long long available)
{
	if (dirty_bytes > 0)
		return dirty_bytes;
	if (dirty_ratio > 0 && available > 0)
		return available / 100 * dirty_ratio;
	return 0;
}

int vd_sysprobe_collect_memory(vd_sysprobe_memory *out, vd_arena *a, const char *root)
{
	char *text = NULL, *online;
	int error;

	memset(out, 0, sizeof(*out));
	out->numa_nodes = -1;
	if ((error = vd_read_file(&text, NULL, sp_path(a, root, "proc/meminfo"))) < 0)
		goto cleanup;
	if ((error = vd_sysprobe_parse_meminfo(out, text)) < 0)
		goto cleanup;
	online = sp_read_line(a, sp_path(a, root, "sys/devices/system/node/online"));
	if (online)
		out->numa_nodes = vd_sysprobe_count_cpulist(online);
	out->lshw = "not run";
	out->dirty_limit_bytes = vd_sysprobe_dirty_limit(
		sp_read_ll(sp_path(a, root, "proc/sys/vm/dirty_bytes"), 0),
		sp_read_ll(sp_path(a, root, "proc/sys/vm/dirty_ratio"), -1), out->available_bytes);

cleanup:
	free(text);
	return error;
}

/* "DIMM DDR4 Synchronous 2666 MHz (0.4 ns)" -> "DDR4"; also LPDDR5, SDRAM */
static char *memory_type(vd_arena *a, const char *desc)
{
	static const char *types[] = { "LPDDR5", "LPDDR4", "LPDDR3", "DDR5",  "DDR4", "DDR3",
				       "DDR2",   "DDR",    "HBM",    "SDRAM", "DRAM", NULL };
	if (!desc)
		return NULL;
	for (int i = 0; types[i]; i++)
		if (strstr(desc, types[i]))
			return vd_arena_strdup(a, types[i]);
	return NULL;
}

static void walk_memory(vd_sysprobe_memory *out, vd_arena *a, xmlNode *n, int *cap)
{
	for (; n; n = n->next) {
		char *cls, *id;
		if (!sp_xml_is(n, "node")) {
			walk_memory(out, a, n->children, cap); /* <list> and friends */
			continue;
		}
		cls = sp_xml_attr(a, n, "class");
		id = sp_xml_attr(a, n, "id");
		if (cls && !strcmp(cls, "memory") && id) {
			char *size = sp_xml_child(a, n, "size");
			char *desc = sp_xml_child(a, n, "description");
			if (!strncmp(id, "bank", 4)) {
				out->banks++;
				if (size && atoll(size) > 0) {
					vd_sysprobe_dimm *d;
					char *clock = sp_xml_child(a, n, "clock");
					char *width = sp_xml_child(a, n, "width");
					if (out->ndimms == *cap) {
						int ncap = *cap ? *cap * 2 : 8;
						vd_sysprobe_dimm *nd =
							vd_arena_alloc(a, ncap * sizeof(*nd));
						if (out->ndimms)
							memcpy(nd, out->dimms,
							       out->ndimms * sizeof(*nd));
						out->dimms = nd;
						*cap = ncap;
					}
					d = &out->dimms[out->ndimms++];
					d->slot = sp_xml_child(a, n, "slot");
					d->description = desc;
					d->type = memory_type(a, desc);
					d->vendor = sp_xml_child(a, n, "vendor");
					d->product = sp_xml_child(a, n, "product");
					d->size_bytes = atoll(size);
					d->clock_hz = clock ? atof(clock) : 0;
					if (d->clock_hz <= 0 && desc) {
						/* older lshw only prints "2666 MHz" in the description */
						const char *mhz = strstr(desc, " MHz");
						const char *s = mhz;
						while (s && s > desc &&
						       isdigit((unsigned char)s[-1]))
							s--;
						if (mhz && s < mhz)
							d->clock_hz = atof(s) * 1e6;
					}
					d->width_bits = width ? atoi(width) : 0;
					if (!out->type && d->type)
						out->type = d->type;
					if (d->clock_hz / 1e6 > out->speed_mhz)
						out->speed_mhz = d->clock_hz / 1e6;
				}
			} else if (!strncmp(id, "memory", 6) && size &&
				   (!desc || strcasestr(desc, "system memory"))) {
				out->lshw_total_bytes += atoll(size);
			}
		}
		walk_memory(out, a, n->children, cap);
	}
}

int vd_sysprobe_parse_lshw_memory(vd_sysprobe_memory *out, vd_arena *a, const char *xml, size_t len)
{
	xmlDoc *doc = sp_xml_read(xml, len);
	int cap = 0;

	if (!doc) {
		vd_error_set("lshw output is not XML");
		return VD_EPARSE;
	}
	out->banks = 0;
	out->ndimms = 0;
	out->dimms = NULL;
	out->lshw_total_bytes = 0;
	walk_memory(out, a, xmlDocGetRootElement(doc), &cap);
	xmlFreeDoc(doc);
	return 0;
}
