/*
 * tool_a.c - one of two programs built from the same compilation database
 * (a tool and its test driver, say): both define main and usage.
 * The entry is the first main; the other program keeps its own blocks,
 * analyzed as unreachable code, and its main calls its own usage.
 */
#include <stdio.h>

void usage(void)
{
	puts("usage: tool_a");
}

int main(void)
{
	usage();
	return 0;
}

// EXPECT: tool_a.c:main p2=1 p3=14
// EXPECT: program p2=1
// EXPECT-ROWS: block_id='tool_a.c:main' AND reachable=1 1
// EXPECT-ROWS: block_id='tool_b.c:main' AND reachable=0 1
// EXPECT-ROWS: kind='function' 4
