/* matrix written as text with fixed-width fields (%10.4f), a header line per block of rows, and a footer */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    int n = atoi(argv[2]), blk = atoi(argv[3]);
    FILE *o = fopen(argv[1], "w");
    if (!o) return 1;
    for (int i = 0; i < n; i++) {
        if (i % blk == 0) fprintf(o, "# rows %6d-%6d\n", i, i + blk - 1);
        for (int j = 0; j < n; j++) fprintf(o, "%10.4f", (double)(i * n + j) / n);
        fputc('\n', o);
    }
    fprintf(o, "# end\n");
    fclose(o);
    return 0;
}
