/*
 * parse.c - goto-based control flow, as bison parsers and the `goto fail`
 * error idiom write it.  The walk does not follow gotos; instead code
 * right after an unconditional goto runs only from a label on, and at a
 * label every variable the function writes may hold any of its values.
 *
 * parse(): yyresult is 0 on the accept path and 1 or 2 on the abort paths,
 * all reached by goto; at `yyreturn:` it is unknown (not the 2 a
 * straight-line reading would leave), so `if (parse(n) != 0) return 1;` in
 * main tests an unknown call status with an error exit: not taken, and
 * main goes on to its 4 writes of 64 bytes.  The write after `goto done`
 * in save() never runs (dead code between a goto and a label).
 */
#include <stdlib.h>
#include <unistd.h>

static int parse(int n)
{
	int yyresult;
	if (n > 10)
		goto yyabortlab;
	if (n < 0)
		goto yyexhaustedlab;
	yyresult = 0;
	goto yyreturn;
yyabortlab:
	yyresult = 1;
	goto yyreturn;
yyexhaustedlab:
	yyresult = 2;
yyreturn:
	return yyresult;
}

static void save(int fd, const char *buf)
{
	write(fd, buf, 64);
	goto done;
	write(fd, buf, 64);
done:
	return;
}

int main(int argc, char **argv)
{
	char buf[64] = { 0 };
	if (parse(argc > 1 ? atoi(argv[1]) : 0) != 0)
		return 1;
	for (int i = 0; i < 4; i++)
		save(1, buf);
	return 0;
}

// EXPECT: main/loop#1 p2=4 p3=256
// EXPECT: save/io#1 p2=4
// EXPECT: save/io#2 p2=0
// EXPECT: main p2=4 p3=256
