/* A list of file names read with fgets and trimmed with
 * `name[strcspn(name, "\n")] = '\0'`: strcspn of known strings is
 * computed, so each name is known and each file's read-to-the-end loop
 * takes its size now.  list.txt names a.dat (1000 bytes) and b.dat (3000).
 *
 * puts(name): "a.dat\n" + "b.dat\n" = 12 bytes in 2 calls.
 * read of 512 to the end: a.dat ceil(1000 / 512) = 2 reads + the one that
 * returns 0 = 3; b.dat ceil(3000 / 512) = 6 + 1 = 7: 10 reads, 4000 bytes.
 * fgets moves the list's 12 bytes (6 + 6, then 0 at its end).
 * main: fopen, 3 fgets, fclose + 2 x (puts, open, close) + 10 reads = 21
 * calls; 4000 + 12 + 12 = 4024 bytes.
 */
// SETUP: printf 'a.dat\nb.dat\n' > list.txt
// SETUP: head -c 1000 /dev/zero > a.dat
// SETUP: head -c 3000 /dev/zero > b.dat
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	FILE *list = fopen("list.txt", "r");
	if (!list)
		return 1;
	char name[256], buf[512];
	while (fgets(name, sizeof name, list)) {
		name[strcspn(name, "\n")] = '\0';
		puts(name);
		int fd = open(name, O_RDONLY);
		if (fd < 0)
			continue;
		while (read(fd, buf, sizeof buf) > 0)
			;
		close(fd);
	}
	fclose(list);
	return 0;
}

// EXPECT: main p2=21 p3=4024
// EXPECT-KNOWN: main p2 p3
