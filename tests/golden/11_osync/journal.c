/*
 * journal.c - a transaction log: each transaction appends a 128-byte record
 * to a journal opened with O_SYNC (every write is durable before it returns)
 * and its 8 KiB payload to a data file opened without it; the data file is
 * made durable once at the end with fdatasync.
 *
 * P7 counts flush/sync calls plus writes on O_SYNC/O_DSYNC handles: the 40
 * journal writes and the one fdatasync, not the payload writes.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define NTXN 40
#define JREC 128
#define PAYLOAD 8192

int main(void)
{
	char rec[JREC], payload[PAYLOAD];
	int jfd, dfd, t;

	memset(rec, 'j', sizeof rec);
	memset(payload, 'p', sizeof payload);
	jfd = open("journal.log", O_WRONLY | O_CREAT | O_APPEND | O_SYNC, 0644);
	dfd = open("journal.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (t = 0; t < NTXN; t++) {
		write(dfd, payload, PAYLOAD);
		write(jfd, rec, JREC);
	}
	fdatasync(dfd);
	close(dfd);
	close(jfd);
	return 0;
}

/*
 * Loop: 40 payload writes (327680 bytes) + 40 journal writes (5120 bytes):
 * P2 = 80, P3 = 332800, P7 = 40 (journal writes only).
 * main: + 2 open + fdatasync + 2 close: P2 = 85, P7 = 41.
 */
// EXPECT: main/loop#1 p1=40 p2=80 p3=332800 p6=80 p7=40 p13=80
// EXPECT: main/loop#1/io#1 p2=40 p3=327680 p7=0
// EXPECT: main/loop#1/io#2 p2=40 p3=5120 p7=40
// EXPECT: main/io#3 p2=1 p7=1
// EXPECT: main p2=85 p3=332800 p4=85 p7=41
// EXPECT: program p2=85 p3=332800 p7=41 p8=332800 p9=2
