/*
 * printer_stub.h - the CLI's printer (cli_error, cli_warn of cli/main.c)
 * replaced for the cli/ unit tests: printer_stub.c keeps the last error
 * message and counts them, so a test can check that one message was given
 * and what it says.
 */
#ifndef VD_TEST_PRINTER_STUB_H
#define VD_TEST_PRINTER_STUB_H

extern char stub_last[512]; /* the last cli_error message */
extern int stub_nerrors;    /* cli_error calls since stub_reset() */

void stub_reset(void);
/* fails the test unless exactly one error was given, containing fragment */
void stub_expect_msg(const char *fragment);

#endif
