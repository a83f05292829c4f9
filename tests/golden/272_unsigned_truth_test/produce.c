/* An unknown unsigned count, size or position tested as a truth value
 * (`if (pos)`, `if (!left)`) is the comparison with zero that Ball and
 * Larus's opcode heuristic predicts (x == 0 fails, hit rate 0.84); a
 * signed int tested so (a flag, as often set as clear) gets no condition
 * heuristic.
 *
 * 100 iterations, every value unknown (rand()):
 * - `if (pos)`, size_t: opcode 0.84, the then-arm calls and there is no
 *   else (call heuristic 1 - 0.78 = 0.22), combined (Dempster-Shafer):
 *   0.84 x 0.22 / (0.84 x 0.22 + 0.16 x 0.78) = 0.1848 / 0.3096 =
 *   0.596899224806: 59.6899224806 fwrite calls of 64 B = 3820.15503876 B.
 * - `if (!left)`, unsigned int: 0.16 with 0.22: 0.0352 / (0.0352 +
 *   0.6552) = 0.0509849362689: 5.09849362689 fputs of 4 B =
 *   20.3939745075 B.
 * - `if (more)`, int: 0.5 with 0.22: 0.22: 22 fputs of 2 B = 44 B.
 * (Before: `if (pos)` and `if (!left)` 0.22 each, as `if (more)`.)
 *
 * Program: fopen + fclose + 59.6899224806 + 5.09849362689 + 22 =
 * 88.7884161075 calls; 3884.54901327 B.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	FILE *f = fopen("out.bin", "wb");
	if (!f)
		return 1;
	char buf[64] = { 0 };
	for (int i = 0; i < 100; i++) {
		size_t pos = (size_t)rand();
		unsigned int left = (unsigned int)rand();
		int more = rand();
		if (pos)
			fwrite(buf, 1, sizeof buf, f);
		if (!left)
			fputs("end\n", f);
		if (more)
			fputs("x\n", f);
	}
	fclose(f);
	return 0;
}

// EXPECT: program p2=88.7884161075 p3=3884.54901327
// EXPECT: main/loop#1/branch#1/io#1 p2=59.6899224806 p3=3820.15503876
// EXPECT: main/loop#1/branch#2/io#1 p2=5.09849362689 p3=20.3939745075
// EXPECT: main/loop#1/branch#3/io#1 p2=22 p3=44
