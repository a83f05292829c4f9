/*
 * vd_otf2.h - a stored vidya trace (trace_ops) written as an OTF2 archive
 * with I/O records, as Score-P writes them: one location per traced
 * thread, an I/O paradigm per layer, an I/O file per path, an I/O handle
 * per open file and layer (linked to the handle of the layer above that
 * opened it), and per call IoCreateHandle/IoDestroyHandle (opens and
 * closes), IoSeek (seeks) or IoOperationBegin/IoOperationComplete (reads,
 * writes, flushes and syncs).
 */
#ifndef VD_OTF2_H
#define VD_OTF2_H

/* what an export wrote */
typedef struct vd_otf2_stats {
	long trace_id;  /* the trace exported */
	long locations; /* threads */
	long files;     /* distinct paths */
	long handles;   /* I/O handles */
	long io_ops;    /* IoOperationBegin/Complete pairs (reads, writes, flushes, syncs) */
	long events;    /* all events */
} vd_otf2_stats;

/*
 * Writes trace trace_id (0: the latest) of the vidya database db as the
 * OTF2 archive dir/traces.otf2 (dir is created when missing; an archive
 * already there is an error).  0, or -1 with vd_error_last() set.
 */
int vd_otf2_export(const char *db, long trace_id, const char *dir, vd_otf2_stats *stats);

#endif
