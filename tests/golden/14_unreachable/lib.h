/* lib.h - the library's public API (golden case 14). */
#ifndef GOLDEN_LIB_H
#define GOLDEN_LIB_H

int export_table(const char *path, const double *v, int n);
void scale(double *v, int n, double f);

#endif
