/* printer_stub.c - see printer_stub.h */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "printer_stub.h"

char stub_last[512];
int stub_nerrors;

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(stub_last, sizeof stub_last, fmt, ap);
	va_end(ap);
	stub_nerrors++;
}

void cli_warn(const char *fmt, ...)
{
	(void)fmt;
}

void stub_reset(void)
{
	stub_last[0] = '\0';
	stub_nerrors = 0;
}

void stub_expect_msg(const char *fragment)
{
	assert_int_equal(stub_nerrors, 1);
	if (!strstr(stub_last, fragment))
		fail_msg("expected \"%s\" in \"%s\"", fragment, stub_last);
}
