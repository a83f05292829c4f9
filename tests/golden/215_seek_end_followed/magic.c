/* An input read at analysis time stays followed through a seek to a known
 * place relative to its end (`lseek(fileno(f), 0, SEEK_END)` to take its
 * size, then `rewind`), and a loop that reads it with `fread` into a char
 * array runs iteration by iteration on its bytes (netCDF's magic-number
 * check reads 1024-byte parts until it has the 8 it wants).
 *
 * in.dat: "CDF\001" and 1996 zero bytes, 2000 bytes.  The size is 2000, the
 * loop reads one part of 512 bytes (red 512 >= 8) and stops; the part
 * starts with "CDF", so the classic arm's 10 puts("classic") run (8 B each
 * with the newline), not the other arm's 20 fputs.
 * main: fopen 1, lseek 1, rewind 1, fread 1 (512 B), puts 10 (80 B),
 * fclose 1 = 15 calls, 592 bytes, known.
 * (Before: the seek to the end stopped following the stream; the loop read
 * the file to its end, 4 freads, and the test of part[0] was unknown.)
 */
// VIDYA: --args "in.dat"
// SETUP: printf 'CDF\001' > in.dat && head -c 1996 /dev/zero >> in.dat
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char part[512];
	long red = 0, size;
	FILE *f;
	if (argc < 2 || !(f = fopen(argv[1], "r")))
		return 1;
	size = lseek(fileno(f), 0, SEEK_END);
	rewind(f);
	if (size < 8) {
		fclose(f);
		return 1;
	}
	while (red < 8) {
		size_t k = fread(part, 1, sizeof part, f);
		if (ferror(f))
			break;
		red += (long)k;
		if (feof(f))
			break;
	}
	if (part[0] == 'C' && part[1] == 'D' && part[2] == 'F') {
		for (int i = 0; i < 10; i++)
			puts("classic");
	} else {
		for (int i = 0; i < 20; i++)
			fputs("other\n", stdout);
	}
	fclose(f);
	return 0;
}

// EXPECT: main p2=15 p3=592
// EXPECT-KNOWN: main p2 p3
