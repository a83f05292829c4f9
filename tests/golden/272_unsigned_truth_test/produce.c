/* A function's own unknown unsigned count, size or position (a local
 * variable, or a member of a local struct) tested as a truth value (`if
 * (pos)`, `if (!left)`, `if (o.pos)`) is the comparison with zero that
 * Ball and Larus's opcode heuristic predicts (x == 0 fails, hit rate
 * 0.84); a signed int tested so, or state reached through a pointer
 * (`s->pending`), as often a flag set and cleared, gets no condition
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
 * - `if (o.pos)`, a size_t member of a local struct: as `if (pos)`:
 *   59.6899224806 fputs of 1 B.
 * - `if (s->pending)`, size_t through a pointer: 0.22: 22 fputs of 2 B.
 * (Before: each 0.22, as `if (more)`.)
 *
 * Program: fopen + fclose + 59.6899224806 x 2 + 5.09849362689 + 22 x 2 =
 * 170.478338588 calls; 3820.15503876 + 20.3939745075 + 44 +
 * 59.6899224806 + 44 = 3988.23893575 B.
 */
#include <stdio.h>
#include <stdlib.h>

struct out {
	char *dst;
	size_t pos;
};

struct state {
	size_t pending;
};

static void note_pending(const struct state *s, FILE *f)
{
	if (s->pending)
		fputs("p\n", f);
}

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
		struct out o = { buf, (size_t)rand() };
		if (o.pos)
			fputs("o", f);
		struct state st = { (size_t)rand() };
		note_pending(&st, f);
	}
	fclose(f);
	return 0;
}

// EXPECT: program p2=170.478338588 p3=3988.23893575
// EXPECT: main/loop#1/branch#1/io#1 p2=59.6899224806 p3=3820.15503876
// EXPECT: main/loop#1/branch#2/io#1 p2=5.09849362689 p3=20.3939745075
// EXPECT: main/loop#1/branch#3/io#1 p2=22 p3=44
// EXPECT: main/loop#1/branch#4/io#1 p2=59.6899224806 p3=59.6899224806
// EXPECT: note_pending/branch#1/io#1 p2=22 p3=44
