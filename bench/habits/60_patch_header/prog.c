/* writes records of unknown final count, then seeks back and patches the count into the header */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

struct hdr { uint32_t magic, count; };
struct sample { double t, v; };

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    FILE *f = fopen(argc > 2 ? argv[2] : "out60.bin", "wb");
    if (!f) {
        perror("fopen");
        return 1;
    }
    struct hdr h = { 0x53414d50u, 0 };
    fwrite(&h, sizeof h, 1, f);
    for (int i = 0; i < n; i++) {
        struct sample s = { i * 0.01, (i % 17) * 0.5 };
        if (s.v > 7.5)
            continue;
        if (fwrite(&s, sizeof s, 1, f) != 1) {
            perror("fwrite");
            return 1;
        }
        h.count++;
    }
    if (fseek(f, 0, SEEK_SET) != 0) {
        perror("fseek");
        return 1;
    }
    fwrite(&h, sizeof h, 1, f);
    fclose(f);
    printf("%u samples\n", h.count);
    return 0;
}
