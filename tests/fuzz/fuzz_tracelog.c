/*
 * fuzz_tracelog.c - libFuzzer target for the trace log reader
 * (trace/ingest.c: vd_trace_load scanning the recorder's .vtl files).
 *
 * Input, by its first byte:
 *   'R'   the rest is a whole log file, header included (the seed corpus:
 *         real logs of `vidya trace`);
 *   else  the rest is the record stream after a valid header, so that small
 *         inputs reach the record decoder.
 * The file is written to a temporary directory and loaded without an
 * analysis run (no DWARF lookups).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vd_trace.h"
#include "vd_tracelog.h"

/* libFuzzer's entry points (it declares none) */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];
static char log_path[128];

static void cleanup(void)
{
	unlink(log_path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/vd-fuzz-vtl.XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	if (!mkdtemp(dir))
		abort();
	snprintf(log_path, sizeof log_path, "%s/vidya.1.1.vtl", dir);
	atexit(cleanup);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	FILE *f = fopen(log_path, "wb");
	if (!f)
		abort();
	if (data[0] != 'R') {
		static vd_tl_header h; /* 4096 bytes with its zero padding */
		static char page[4096];
		memset(&h, 0, sizeof h);
		memcpy(h.magic, VD_TL_MAGIC, 8);
		h.version = VD_TL_VERSION;
		h.header_size = 4096;
		h.pid = 1;
		h.tid = 1;
		h.rank = -1;
		h.t0_ns = 1000;
		h.realtime_ns = 1700000000000000000;
		h.sample_hz = 1000;
		h.flags = VD_TL_F_STACKS;
		snprintf(h.exe, sizeof h.exe, "/nonexistent/app");
		snprintf(h.host, sizeof h.host, "fuzz");
		memset(page, 0, sizeof page);
		memcpy(page, &h, sizeof h < sizeof page ? sizeof h : sizeof page);
		fwrite(page, 1, sizeof page, f);
	}
	if (size > 1)
		fwrite(data + 1, 1, size - 1, f);
	fclose(f);

	vd_trace *t = vd_trace_new();
	if (!t)
		return 0;
	(void)vd_trace_load(t, dir, NULL);
	vd_trace_free(t);
	return 0;
}
