/* b.c - the window's definition, in another file than its readers */
#include "win.h"

unsigned char window[WSIZE];
unsigned used;
