/*
 * test_runtime_tu2.c - a second translation unit including vd_rt.h, built
 * without feature-test macros (strict ISO C): the header must compile there
 * and share the first unit's state (one weak object, static functions).
 */
#include "vd_rt.h"

ssize_t rt_tu2_write(int fd, const void *buf, size_t n);
unsigned long long rt_tu2_wb_bytes(void);

ssize_t rt_tu2_write(int fd, const void *buf, size_t n)
{
	return vd_rt_write(fd, buf, n);
}

unsigned long long rt_tu2_wb_bytes(void)
{
	struct vd_rt_stats s;
	vd_rt_stats_get(&s);
	return s.wb_bytes;
}
