/*
 * fuzz_blob.c - libFuzzer target for the IR blob decoder (vd_blob_read,
 * extractor/blob.c): the per-TU cache rows of a database and the shards
 * `vidya merge` copies in from other machines are decoded with it, so a
 * damaged or hostile blob must be an error, never a crash.
 *
 * Input: one blob, as stored in tu_cache.ir.  Seeds: the blobs of
 * examples/ckpt (one per translation unit).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "project.h"
#include "vd_extractor.h"

/* libFuzzer's entry points (it declares none) */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	vd_project *p = vd_project_alloc();
	vd_extract_opts_init(&p->opts);
	/* the decoder reads its input without a terminator: give it an exact
	 * heap copy so that ASan sees every byte read past the end */
	void *copy = malloc(size ? size : 1);
	if (copy) {
		if (size)
			memcpy(copy, data, size);
		(void)vd_blob_read(p, copy, size, "fuzz");
		free(copy);
	}
	vd_project_free(p);
	return 0;
}
