/*
 * scan.c - a directory scan: opendir, readdir until NULL, skip the names
 * that start with '.', keep those ending in ".log", read each to its end.
 * The directory exists when vidya runs, so its listing is followed as an
 * input's text is: readdir returns its entries one by one.
 *
 * logs/ (beside this file) holds a.log (100 bytes), b.log (30), c.txt (50)
 * and .h.log (10), and readdir also gives "." and "..":
 * - opendir, 6 entries + the NULL: 7 readdir, closedir;
 * - a.log: reads of 64: 2 with data + 1 = 3 reads; b.log: 1 + 1 = 2;
 *   2 opens, 2 closes; 130 bytes.
 * main: 1 + 7 + 1 + 2 + 5 + 2 = 18 calls, 130 bytes.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// EXPECT: main p2=18 p3=130
// EXPECT-KNOWN: main p2 p3
int main(void)
{
	char path[512], buf[64];
	DIR *d = opendir("logs");
	if (!d)
		return 1;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 4, ".log") != 0)
			continue;
		snprintf(path, sizeof path, "logs/%s", e->d_name);
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		while (read(fd, buf, sizeof buf) > 0)
			;
		close(fd);
	}
	closedir(d);
	return 0;
}
