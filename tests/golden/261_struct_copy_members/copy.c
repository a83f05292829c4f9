/* Options kept in a struct embedded in a job struct (`def.o`), filled by
 * a function that is handed the embedded struct's address
 * (`fill_defaults(&def.o)`: `o->bs = 4096` and a table-driven store
 * through `(char *)o + offsetof(struct opts, size)`), then the job copied
 * whole into others (`job = def`, `*td = *parent`): every copy reads
 * what was stored.  (Before: `&def.o` handed to a call was the member's
 * value, so the callee's stores went nowhere and `def.o.bs` read the
 * zero global's 0; a struct copied whole carried only its storage, not
 * the members stored since.)
 *
 * def.o.bs = 4096, def.o.size = 16 * 4096 = 65536 (stored by offset).
 * Loop 1 over def: 65536 / 4096 = 16 writes of 4096 B.
 * job = def: job.o.bs = 4096: 1 write of 4096 B.
 * td = &other, *td = *parent (parent = &def): loop 2 over td: 16 writes
 * of 4096 B.  `td->o.bs != 4096` is false: its write never runs.
 * main: 16 + 1 + 16 = 33 writes, 33 * 4096 = 135168 B. */
#include <stddef.h>
#include <unistd.h>

struct opts {
	unsigned int bs;
	unsigned long long size;
};

struct job {
	int id;
	struct opts o;
};

static struct job def, job, other;
static char buf[4096];

static void set_u64(void *data, size_t off, unsigned long long v)
{
	*(unsigned long long *)((char *)data + off) = v;
}

static void fill_defaults(struct opts *o)
{
	o->bs = 4096;
	set_u64(o, offsetof(struct opts, size), 16ULL * o->bs);
}

static void copy_job(struct job *td, struct job *parent)
{
	*td = *parent;
	td->id = 2;
}

int main(void)
{
	fill_defaults(&def.o);
	for (unsigned long long d = 0; d < def.o.size; d += def.o.bs)
		write(1, buf, def.o.bs);
	job = def;
	write(1, buf, job.o.bs);
	copy_job(&other, &def);
	struct job *td = &other;
	for (unsigned long long d = 0; d < td->o.size; d += td->o.bs)
		write(1, buf, td->o.bs);
	if (td->o.bs != 4096)
		write(2, buf, 1);
	return 0;
}

// EXPECT: main/loop#1/io#1 p2=16 p3=65536
// EXPECT-KNOWN: main/loop#1/io#1 p2 p3
// EXPECT: main/io#1 p2=1 p3=4096
// EXPECT-KNOWN: main/io#1 p3
// EXPECT: main/loop#2/io#1 p2=16 p3=65536
// EXPECT-KNOWN: main/loop#2/io#1 p2 p3
// EXPECT: main/branch#1/io#1 p2=0
// EXPECT: main p2=33 p3=135168
// EXPECT-KNOWN: main p2 p3
