/*
 * fuzz_strace.c - libFuzzer target for the strace log parser of `vidya dfg`
 * (dfg/strace.c): the input is a log; it is parsed twice (one case per file
 * and per process), the DFG built and written as DOT and JSON.  Malformed
 * lines must only become issues: no crash, no hang, no leak.
 */
#include <stddef.h>
#include <stdint.h>

#include "vd_dfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vd_dfg_mapopt o;
	vd_dfg_mapopt_init(&o);
	const char *ab[] = { "S=/p/scratch" };
	o.abstract = ab;
	o.nabstract = 1;
	for (int k = 0; k < 2; k++) {
		o.group_variants = k;
		vd_dfg_log *l = vd_dfg_log_new(&o);
		vd_dfg_read_strace_mem(l, "f_h_1.st", (const char *)data, size,
				       k ? VD_DFG_CASE_PROCESS : VD_DFG_CASE_FILE);
		vd_dfg_log_set_group(l, "*1*", VD_DFG_GREEN);
		vd_dfg *g = vd_dfg_build(l);
		vd_dfg_prune(g, 3, 2);
		vd_buf b = { 0 };
		vd_dfg_write_dot(g, VD_DFG_COLOR_RD, &b);
		vd_dfg_write_json(g, l, &b);
		vd_buf_release(&b);
		vd_dfg_free(g);
		vd_dfg_log_free(l);
	}
	return 0;
}
