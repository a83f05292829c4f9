/*
 * good.c - a well-formed translation unit in a project whose other file
 * (broken.c) has a syntax error.  vidya must report the broken unit, exit 3
 * ("some translation units could not be parsed"), and still store the
 * results for this one.
 */
// EXPECT-EXIT: 3
#include <stdio.h>

#define NREC 10
#define RECSZ 1024

static char rec[RECSZ];

int main(void)
{
	FILE *fp = fopen("good.dat", "wb");
	int i;

	for (i = 0; i < NREC; i++)
		fwrite(rec, 1, RECSZ, fp);
	fclose(fp);
	return 0;
}

/* 10 fwrite x 1024 bytes; main adds fopen and fclose. */
// EXPECT: main/loop#1 p1=10 p2=10 p3=10240 p6=10
// EXPECT: main p2=12 p3=10240
// EXPECT: good.c p2=12 p3=10240
// EXPECT: program p2=12 p3=10240
// EXPECT-ROWS: block_id='good.c:main' AND kind='function' 1
