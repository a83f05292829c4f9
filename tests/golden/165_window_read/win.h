/* the window's declaration, as the readers see it: no size */
#define WSIZE 65536u
extern unsigned char window[];
extern unsigned used;
