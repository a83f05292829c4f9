/* A buffered writer whose fill level is a struct member reached through a
 * pointer (`w->used`), not a plain variable: the buffer-fill rule applies
 * to it as to a variable.  wput adds 100 bytes per call and writes the
 * buffer once `w->used >= 1000`: the test holds once per
 * floor(1000 / 100) = 10 calls, and the write moves the fill level then,
 * ceil(1000 / 100) x 100 = 1000 bytes.
 *
 * main calls wput 50000 times (too many to walk one by one: the level is
 * unknown): branch#1's write runs 50000 / 10 = 5000 times,
 * 5000 x 1000 = 5000000 bytes.  The share is a heuristic's: P2 stays flagged.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

struct writer {
	int fd;
	size_t used;
	char buf[2048];
};

static void wput(struct writer *w, const char *rec)
{
	memcpy(w->buf + w->used, rec, 100);
	w->used += 100;
	if (w->used >= 1000) {
		write(w->fd, w->buf, w->used);
		w->used = 0;
	}
}

int main(void)
{
	static struct writer w;
	char rec[100] = { 0 };
	w.fd = open("out.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 50000; i++)
		wput(&w, rec);
	close(w.fd);
	return 0;
}

// EXPECT: wput/branch#1 p2=5000 p3=5000000
// EXPECT: main p2=5002 p3=5000000
// EXPECT-UNKNOWN: wput/branch#1 p2
