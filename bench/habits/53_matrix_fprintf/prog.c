/* computes a matrix and writes it as text: header line, then rows of %8.3f */
#include <stdio.h>
#include <stdlib.h>

static void write_matrix(FILE *f, const double *a, int rows, int cols)
{
    fprintf(f, "# %d x %d\n", rows, cols);
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++)
            fprintf(f, "%8.3f", a[(size_t)i * cols + j]);
        fputc('\n', f);
    }
}

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 10;
    int cols = argc > 2 ? atoi(argv[2]) : 10;
    double *a = malloc(sizeof(double) * rows * cols);
    if (!a)
        return 1;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            a[(size_t)i * cols + j] = (i * 31 + j * 17) % 1000 / 10.0;
    FILE *f = fopen(argc > 3 ? argv[3] : "m53.txt", "w");
    if (!f) {
        perror("fopen");
        free(a);
        return 1;
    }
    write_matrix(f, a, rows, cols);
    fclose(f);
    free(a);
    return 0;
}
