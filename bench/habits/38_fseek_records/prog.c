/* fixed-size records in a file: fseek(rec * RECSZ), fread, update, fseek back, fwrite; record ids from argv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RECSZ 128
struct account { long id; double balance; char name[RECSZ - 16]; };

static int create(const char *path, int n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    struct account a;
    for (int i = 0; i < n; i++) {
        memset(&a, 0, sizeof a);
        a.id = i;
        a.balance = 100.0;
        snprintf(a.name, sizeof a.name, "acct-%d", i);
        fwrite(&a, sizeof a, 1, f);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    int n = atoi(argv[2]);
    if (create(argv[1], n) != 0) return 1;
    FILE *f = fopen(argv[1], "r+b");
    if (!f) return 1;
    int updated = 0;
    for (int k = 3; k < argc; k++) {
        long id = atol(argv[k]);
        if (id < 0 || id >= n) continue;
        struct account a;
        fseek(f, id * RECSZ, SEEK_SET);
        if (fread(&a, sizeof a, 1, f) != 1) break;
        a.balance += 10.0;
        fseek(f, id * RECSZ, SEEK_SET);
        fwrite(&a, sizeof a, 1, f);
        updated++;
    }
    fclose(f);
    printf("updated %d\n", updated);
    return 0;
}
