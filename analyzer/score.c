/*
 * score.c - features X1..X16 and the analytic CIOC estimate.
 *
 * Until a model fitted on measured data ships (model/), the CIOC of a
 * block is a physical estimate: predicted I/O seconds from the device
 * model (per-call latency + bytes / bandwidth, random accesses at the
 * device's IOPS, syncs at its fsync latency, P14 processes sharing its
 * P15 concurrency) over predicted I/O + compute seconds (counted
 * arithmetic and memory operations x the calibrated cost of one).
 * Blocks without I/O score 0 (the paper's Procedure 2).
 */
#include <math.h>
#include <string.h>

#include "vd_analyzer.h"
#include "vd_extractor.h"

/* share of the device one process gets when nprocs run at once */
static double share(const vd_device *d, int nprocs)
{
	if (nprocs <= 1)
		return 1;
	double c = d->concurrency > 0 ? d->concurrency : 1;
	return (nprocs < c ? nprocs : c) / (double)nprocs;
}

double vd_score_io_seconds(const vd_io_event *e, const vd_device *d, int nprocs)
{
	double t = 0;
	double sh = share(d, nprocs);
	int stdio = e->api && !strcmp(e->api, "stdio");
	switch (e->op) {
	case VD_IOOP_OPEN:
	case VD_IOOP_CLOSE:
	case VD_IOOP_META:
		t = d->meta_latency_s;
		break;
	case VD_IOOP_SEEK:
	case VD_IOOP_FLUSH:
		t = d->latency_s;
		break;
	case VD_IOOP_SYNC:
		t = d->fsync_latency_s;
		break;
	case VD_IOOP_READ:
	case VD_IOOP_WRITE: {
		int w = e->op == VD_IOOP_WRITE;
		double bw = (w ? d->seq_write_Bps : d->seq_read_Bps) * sh;
		double iops = (w ? d->rand_write_iops : d->rand_read_iops) * sh;
		if (bw <= 0)
			bw = 1e8;
		if (stdio && !e->random) {
			/* buffered in user space: a system call per 4 KiB buffer */
			t = 1e-7 + e->bytes / bw + d->latency_s * (e->bytes / 4096.0);
		} else if (e->random && iops > 0) {
			t = 1.0 / iops + e->bytes / bw;
		} else {
			t = d->latency_s + e->bytes / bw;
		}
		if (e->sync_handle)
			t += d->fsync_latency_s;
		break;
	}
	default:
		break;
	}
	if (e->async)
		t *= 0.25; /* overlapped with computation */
	return t;
}

void vd_score_result(vd_result *r)
{
	if (r->nblocks == 0)
		return;
	const vd_block *root = &r->blocks[0];
	double conc = r->device.concurrency > 0 ? r->device.concurrency : 1;
	double ns = r->device.cpu_ns_per_op > 0 ? r->device.cpu_ns_per_op : 0.5;
	for (size_t i = 0; i < r->nblocks; i++) {
		vd_block *b = &r->blocks[i];
		b->p[VD_p14] = r->nprocs > 0 ? r->nprocs : 1;
		b->p[VD_p15] = conc;
		for (int k = VD_p1; k <= VD_p13; k++) {
			double tot = root->p[k];
			b->x[k] = tot > 0 ? b->p[k] / tot : 0;
		}
		double p14 = b->p[VD_p14], p15 = b->p[VD_p15];
		b->x[VD_x14] = p14 == p15 ? 1 : fabs(p14 - p15) / (p14 > p15 ? p14 : p15);
		b->x[VD_x15] = b->p[VD_p12] > 0;
		b->x[VD_x16] = b->p[VD_p13] > 0;
		b->compute_s = b->ops * ns * 1e-9;
		if (b->p[VD_p2] <= 0) {
			b->cioc = 0;
		} else {
			double tot = b->io_s + b->compute_s;
			b->cioc = tot > 0 ? b->io_s / tot : 0;
		}
	}
}
