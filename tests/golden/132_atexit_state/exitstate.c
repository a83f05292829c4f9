/*
 * exitstate.c - an exit handler runs when the run ends: what it stores in
 * globals is not seen by the code after its registration.
 *
 * api() initializes a library once (`if (!inited) { inited = 1; init(); }`);
 * init() registers term() with atexit, and term() clears `inited` (as
 * HDF5's H5_term_library does).  term() runs once (its 5-byte fputs counts
 * once, where it was handed over), and the second and third api() calls
 * find `inited` = 1: init() runs once, 5 bytes, and term()'s 5 bytes count
 * inside it (at the atexit call): init's block 2 calls, 10 bytes.
 * P2 = 1 (init) + 1 (term) + 3 writes of 2 bytes by api = 5,
 * P3 = 5 + 5 + 6 = 16.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int inited;

static void term(void)
{
	inited = 0;
	fputs("term\n", stderr);
}

static void init(void)
{
	fputs("init\n", stderr);
	atexit(term);
}

static void api(void)
{
	if (!inited) {
		inited = 1;
		init();
	}
	write(1, "a\n", 2);
}

int main(void)
{
	api();
	api();
	api();
	return 0;
}

// EXPECT: init p2=2 p3=10
// EXPECT: main/call#2 p2=1 p3=2
// EXPECT: term p2=1 p3=5
// EXPECT: program p2=5 p3=16
