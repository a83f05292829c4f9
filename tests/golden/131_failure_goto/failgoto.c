/*
 * failgoto.c - an arm that stores a failure value and jumps out
 * (`ret = -1; goto done;`, HDF5's HGOTO_ERROR) is an error path whatever
 * its test: not taken.
 *
 * lookup(i) tests a table entry of unknown value (tab[] is filled from
 * argv, unknown without --args) for NULL: its arm reports (fputs), stores
 * -1 and jumps to done.  It counts 0 - without the rule the pointer and
 * call heuristics would take it 0.16 of the time.  The same for a pointer
 * function's `ret = NULL; goto out;`.
 * main calls both 8 times: 8 writes of 16 bytes from lookup, 8 of 4 bytes
 * from find -> P2 = 16, P3 = 8 * 16 + 8 * 4 = 160; the arms count 0.
 */
#include <stdio.h>
#include <unistd.h>

static char *tab[4];

static int lookup(int i)
{
	int ret = 0;
	if (tab[i & 3] == NULL) {
		fputs("no entry\n", stderr);
		ret = -1;
		goto done;
	}
	write(1, "entry found ok\n\n", 16);
done:
	return ret;
}

static char *find(int i)
{
	char *ret = tab[i & 3];
	if (ret[0] != 'k') {
		fputs("not a key\n", stderr);
		ret = NULL;
		goto out;
	}
	write(1, "key\n", 4);
out:
	return ret;
}

int main(int argc, char **argv)
{
	for (int i = 0; i < 4 && i < argc; i++)
		tab[i] = argv[i];
	for (int i = 0; i < 8; i++) {
		lookup(i);
		find(i);
	}
	return 0;
}

// EXPECT: lookup/branch#1 executions=8
// EXPECT: lookup/branch#1/io#1 p2=0
// EXPECT: find/branch#1/io#1 p2=0
// EXPECT: program p2=16 p3=160
