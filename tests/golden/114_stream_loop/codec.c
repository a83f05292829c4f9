/*
 * codec.c - a read-process-write stream loop, as compressors write it:
 * refill the input buffer when it is empty, let the codec (a library the
 * analysis does not see: its status is unknown) consume it, write the
 * output buffer when it is full, leave when the codec says the stream has
 * ended.  in.dat (made by SETUP) is 40000 bytes.
 *
 * - iteration 1 (walked on its own: everything it tests is known until the
 *   codec's status): avail_in == 0, so read(in, ib, 4000) reads 4000;
 * - the exit rests on the codec's status: the loop runs until it has read
 *   in.dat, each further iteration as the first one: 36000 / 4000 = 9 more
 *   iterations, 10 in all;
 * - in them, `avail_in == 0` refills the empty buffer: taken on each, so
 *   9 more reads of 4000 bytes: 10 reads, 40000 bytes;
 * main: 1 open + 10 reads + 1 close = 12 calls, 40000 bytes.
 */
// SETUP: head -c 40000 /dev/zero > in.dat
#include <fcntl.h>
#include <unistd.h>

int codec_run(const char *in, unsigned *avail_in, char *out, unsigned *avail_out);

// EXPECT: main p2=12 p3=40000
// EXPECT: main/loop#1 p2=10 p3=40000
int main(void)
{
	static char ib[4000], ob[4000];
	unsigned avail_in = 0, avail_out = sizeof ob;
	int in = open("in.dat", O_RDONLY);
	for (;;) {
		if (avail_in == 0)
			avail_in = (unsigned)read(in, ib, sizeof ib);
		int st = codec_run(ib, &avail_in, ob, &avail_out);
		if (st == 1)
			break;
	}
	close(in);
	return 0;
}
