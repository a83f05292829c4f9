/* A read-everything helper (netCDF's NC_readfileF): `amount < 0` asks for
 * the whole file, so `amount < 0 || red < amount` stays true however much
 * red grows, and the loop is left only by the break on feof.  The path
 * comes from the environment (unknown here), so the file's size is
 * unknown and feof is unknown: the first iteration is walked, then the
 * rest as a loop of unknown count (--assume-trip 100), as a `for (;;)`
 * would be - not 1024 iterations walked one by one and 100 more.
 *
 * slurp: fopen 1, fread 1 + 100 = 101 (1024 B each: 103424 B), fclose 1
 * = 103 calls; the fread count rests on the assumption (flagged).
 */
#include <stdio.h>
#include <stdlib.h>

static int slurp(const char *path, long long amount, char *first)
{
	long long red = 0;
	char part[1024];
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return 1;
	while (amount < 0 || red < amount) {
		size_t count = fread(part, 1, sizeof(part), f);
		if (ferror(f))
			return 2;
		red += (long long)count;
		if (feof(f))
			break;
	}
	fclose(f);
	*first = part[0];
	return 0;
}

int main(void)
{
	char c;
	return slurp(getenv("SLURP_FILE"), -1, &c);
}

// EXPECT: slurp p2=103 p3=103424
// EXPECT: slurp/loop#1 p2=101 p3=103424
// EXPECT-UNKNOWN: slurp/loop#1 p2
