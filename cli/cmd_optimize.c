/*
 * cmd_optimize.c - TEMPORARY on the `measure` branch: only the dispatch of
 * `vidya optimize --measure` to cmd_optimize_measure.c.  The rewriter's
 * `vidya optimize` (findings, diffs, --apply, --revert) replaces this file
 * at merge and keeps the dispatch.
 */
#include "cli.h"

#include <string.h>

int cmd_optimize(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--measure"))
			return cmd_optimize_measure(argc, (const char **)argv);
	cli_error("vidya optimize: only --measure is built on this branch "
		  "(not built on this branch: findings, diffs, --apply, --revert)");
	return VD_EXIT_ERROR;
}
