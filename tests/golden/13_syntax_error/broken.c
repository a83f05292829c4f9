/*
 * broken.c - deliberately does not compile: the expression in
 * report_progress() is missing its right operand.  (This is the one file
 * of the golden suite that must fail `gcc -fsyntax-only`.)
 */
#include <stdio.h>

void report_progress(FILE *log, int step)
{
	int pct = step * 100 / ;
	fprintf(log, "progress %d%%\n", pct);
}
