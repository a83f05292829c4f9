/*
 * param - the small writes are made by a helper on a descriptor it is
 * given: its other uses (the open, the close) are in the caller, out of
 * the helper's sight, so the writes are not rewritten.
 */
// EXPECT: not rewritten: the descriptor 'fd' is not a local variable of put_record()
#include <fcntl.h>
#include <unistd.h>

struct rec {
	int id;
	int pad;
	double value;
};

static void put_record(int fd, int id, double v)
{
	struct rec r = { id, 0, v };
	int k;

	for (k = 0; k < 4; k++)
		write(fd, &r, sizeof r);
}

int main(void)
{
	int fd = open("records.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int i;

	for (i = 0; i < 5000; i++)
		put_record(fd, i, i * 0.5);
	close(fd);
	return 0;
}
