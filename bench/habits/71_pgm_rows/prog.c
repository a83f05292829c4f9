/* PGM (P5) image: header parsed with fscanf, rows read with fread, each row thresholded and written to a new P5 file */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    FILE *in = fopen(argv[1], "rb");
    if (!in) { perror(argv[1]); return 1; }
    int w, h, maxv;
    if (fscanf(in, "P5 %d %d %d", &w, &h, &maxv) != 3) { fprintf(stderr, "not a P5 file\n"); return 1; }
    fgetc(in);
    int thr = atoi(argv[3]);
    FILE *out = fopen(argv[2], "wb");
    if (!out) return 1;
    fprintf(out, "P5\n%d %d\n%d\n", w, h, maxv);
    unsigned char *row = malloc((size_t)w);
    for (int y = 0; y < h; y++) {
        if (fread(row, 1, (size_t)w, in) != (size_t)w) { fprintf(stderr, "short image\n"); break; }
        for (int x = 0; x < w; x++) row[x] = row[x] > thr ? 255 : 0;
        fwrite(row, 1, (size_t)w, out);
    }
    free(row);
    fclose(in);
    fclose(out);
    return 0;
}
