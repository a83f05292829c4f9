/* tool_b.c - the second program: 100 fwrite, then its own usage(). */
#include <stdio.h>

void usage(void)
{
	puts("usage: tool_b, the longer one");
}

int main(void)
{
	FILE *f = fopen("b.dat", "w");
	for (int i = 0; i < 100; i++)
		fwrite(&i, sizeof i, 1, f);
	fclose(f);
	usage();
	return 0;
}

/* its main: fopen + 100 fwrite + fclose + usage's puts (29 characters + newline) */
// EXPECT: tool_b.c:main p2=103 p3=430
// EXPECT: tool_b.c:main/call#1 p2=1 p3=30
