/*
 * test_catalog.c - cmocka tests for the I/O catalog loader and for the
 * shipped data/catalog.xml.
 *
 * Two kinds of test live here.  The loader tests feed small fixture files
 * (tests/extractor/fixtures/) and check that every kind of mistake a user
 * can make in a --catalog file is refused with a message naming the file,
 * the line and the reason, and that a refused merge leaves the catalog as
 * it was.  The data tests pin down the shipped catalog: argument indices of
 * the entries the evaluator depends on (checked against the real
 * prototypes), every name the design promises (docs/catalog.md), and invariants that must hold
 * for every entry (a data call is binary or text, every _all is collective,
 * every MPI_File_i* and *_async is asynchronous...).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "vd_tracelog.h" /* the calls vidya trace records */
#include "vd_util.h"

#ifndef VD_TEST_DATADIR
#error "VD_TEST_DATADIR must name the data/ directory"
#endif
#ifndef VD_TEST_FIXTURES
#define VD_TEST_FIXTURES VD_TEST_DATADIR "/../tests/extractor/fixtures"
#endif

#define CATALOG_XML VD_TEST_DATADIR "/catalog.xml"
#define FIXTURE(name) VD_TEST_FIXTURES "/" name

/* ---- helpers ------------------------------------------------------------------ */

static int setup_catalog(void **state)
{
	vd_catalog *c = NULL;
	if (vd_catalog_load(&c, CATALOG_XML)) {
		fprintf(stderr, "load failed: %s\n", vd_error_last());
		return -1;
	}
	*state = c;
	return 0;
}

static int teardown_catalog(void **state)
{
	vd_catalog_free(*state);
	return 0;
}

static void assert_contains(const char *haystack, const char *needle)
{
	if (!haystack || !strstr(haystack, needle))
		fail_msg("expected \"%s\" in \"%s\"", needle, haystack ? haystack : "(null)");
}

static const vd_catalog_entry *must_find(const vd_catalog *c, const char *name)
{
	const vd_catalog_entry *e = vd_catalog_find(c, name);
	if (!e)
		fail_msg("catalog has no entry '%s'", name);
	assert_string_equal(e->name, name);
	return e;
}

/* Loads a fixture that must fail; checks the message names the file and
 * contains each of the given fragments (NULL-terminated). */
static void expect_load_error(const char *path, ...)
{
	vd_catalog *c = (vd_catalog *)0x1;
	vd_error_clear();
	int rc = vd_catalog_load(&c, path);
	assert_true(rc < 0);
	assert_null(c);
	const char *msg = vd_error_last();
	assert_contains(msg, path);
	va_list ap;
	va_start(ap, path);
	for (const char *s = va_arg(ap, const char *); s; s = va_arg(ap, const char *))
		assert_contains(msg, s);
	va_end(ap);
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* ---- opclass names ----------------------------------------------------------- */

static void test_opclass_roundtrip(void **state)
{
	(void)state;
	for (int op = VD_OP_NONE; op <= VD_OP_META; op++) {
		vd_opclass back = VD_OP_NONE;
		const char *name = vd_opclass_name((vd_opclass)op);
		assert_string_not_equal(name, "unknown");
		assert_int_equal(vd_opclass_parse(name, &back), 0);
		assert_int_equal(back, op);
	}
	vd_opclass out = VD_OP_READ;
	assert_string_equal(vd_opclass_name(VD_OP_WRITE), "write");
	assert_true(vd_opclass_parse("wrte", &out) < 0);
	assert_true(vd_opclass_parse("", &out) < 0);
	assert_true(vd_opclass_parse(NULL, &out) < 0);
	assert_int_equal(out, VD_OP_READ); /* untouched on failure */
	assert_string_equal(vd_opclass_name((vd_opclass)99), "unknown");
}

/* ---- specific entries of the shipped catalog --------------------------------------- */

static void test_posix_entries(void **state)
{
	const vd_catalog *c = *state;

	/* ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset) */
	const vd_catalog_entry *e = must_find(c, "pwrite");
	assert_string_equal(e->api, "posix");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->bytes_arg, 2);
	assert_int_equal(e->offset_arg, 3);
	assert_int_equal(e->flags, VD_CAT_BINARY);
	/* everything not given defaults to "not present" */
	assert_int_equal(e->count_arg, -1);
	assert_int_equal(e->size_arg, -1);
	assert_int_equal(e->type_arg, -1);
	assert_int_equal(e->path_arg, -1);
	assert_int_equal(e->whence_arg, -1);
	assert_int_equal(e->iov_arg, -1);
	assert_int_equal(e->handle_out, -1);
	assert_int_equal(e->fixed_bytes, -1);
	assert_int_equal(e->extra_bytes, 0);
	assert_int_equal(e->role, VD_ROLE_NONE);

	e = must_find(c, "open");
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->path_arg, 0);
	assert_int_equal(e->flags_arg, 1);
	assert_int_equal(e->handle_out, -1); /* the return value is the fd */

	e = must_find(c, "openat"); /* openat(dirfd, path, flags, mode) */
	assert_int_equal(e->path_arg, 1);
	assert_int_equal(e->flags_arg, 2);

	e = must_find(c, "writev"); /* writev(fd, iov, iovcnt) */
	assert_int_equal(e->iov_arg, 1);
	assert_int_equal(e->iovcnt_arg, 2);
	assert_int_equal(e->bytes_arg, -1);

	e = must_find(c, "pwritev"); /* pwritev(fd, iov, iovcnt, offset) */
	assert_int_equal(e->offset_arg, 3);

	e = must_find(c, "lseek");
	assert_int_equal(e->op, VD_OP_SEEK);
	assert_int_equal(e->offset_arg, 1);
	assert_int_equal(e->whence_arg, 2);

	e = must_find(c, "sync");
	assert_int_equal(e->op, VD_OP_SYNC);
	assert_true(e->flags & VD_CAT_SYNC_ALL);
	assert_int_equal(e->handle_arg, -1);

	e = must_find(c, "sync_file_range");
	assert_int_equal(e->op, VD_OP_SYNC);
	assert_int_equal(e->offset_arg, 1);
	assert_int_equal(e->bytes_arg, 2);

	e = must_find(c, "mmap"); /* mmap(addr, len, prot, flags, fd, offset) */
	assert_int_equal(e->op, VD_OP_META);
	assert_int_equal(e->handle_arg, 4);
	assert_int_equal(e->offset_arg, 5);

	e = must_find(c, "aio_write");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_true(e->flags & VD_CAT_ASYNC);
	assert_int_equal(e->bytes_arg, -1); /* lives in the aiocb */

	e = must_find(c, "aio_fsync"); /* aio_fsync(op, aiocbp) */
	assert_int_equal(e->op, VD_OP_SYNC);
	assert_int_equal(e->handle_arg, 1);

	e = must_find(c, "fstatat");
	assert_int_equal(e->op, VD_OP_META);
	assert_int_equal(e->path_arg, 1);

	/* fortified forms */
	e = must_find(c, "__read_chk"); /* (fd, buf, nbytes, buflen) */
	assert_int_equal(e->op, VD_OP_READ);
	assert_int_equal(e->bytes_arg, 2);
	e = must_find(c, "__pread_chk"); /* (fd, buf, nbytes, offset, buflen) */
	assert_int_equal(e->offset_arg, 3);
}

static void test_stdio_entries(void **state)
{
	const vd_catalog *c = *state;

	/* size_t fwrite(const void *ptr, size_t size, size_t n, FILE *fp) */
	const vd_catalog_entry *e = must_find(c, "fwrite");
	assert_string_equal(e->api, "stdio");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 3);
	assert_int_equal(e->size_arg, 1);
	assert_int_equal(e->count_arg, 2);
	assert_int_equal(e->bytes_arg, -1);
	assert_int_equal(e->flags, VD_CAT_BINARY);

	e = must_find(c, "fprintf");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->format_arg, 1);
	assert_int_equal(e->flags, VD_CAT_TEXT);

	e = must_find(c, "__fprintf_chk"); /* (fp, flag, fmt, ...) */
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->format_arg, 2);
	e = must_find(c, "__printf_chk"); /* (flag, fmt, ...) */
	assert_int_equal(e->format_arg, 1);
	assert_true(e->flags & VD_CAT_STDOUT);
	e = must_find(c, "__fread_chk"); /* (ptr, ptrlen, size, n, fp) */
	assert_int_equal(e->size_arg, 2);
	assert_int_equal(e->count_arg, 3);
	assert_int_equal(e->handle_arg, 4);
	e = must_find(c, "__fgets_chk"); /* (buf, bufsize, n, fp) */
	assert_int_equal(e->bytes_arg, 2);
	assert_int_equal(e->handle_arg, 3);
	assert_int_equal(e->extra_bytes, -1);

	e = must_find(c, "puts");
	assert_int_equal(e->string_arg, 0);
	assert_int_equal(e->extra_bytes, 1);
	assert_int_equal(e->handle_arg, -1);
	assert_int_equal(e->flags, VD_CAT_TEXT | VD_CAT_STDOUT);

	e = must_find(c, "fputs"); /* fputs(s, fp) */
	assert_int_equal(e->string_arg, 0);
	assert_int_equal(e->handle_arg, 1);
	assert_int_equal(e->extra_bytes, 0);

	e = must_find(c, "fgets"); /* fgets(buf, n, fp) reads at most n-1 */
	assert_int_equal(e->op, VD_OP_READ);
	assert_int_equal(e->bytes_arg, 1);
	assert_int_equal(e->extra_bytes, -1);
	assert_int_equal(e->handle_arg, 2);

	e = must_find(c, "putc"); /* putc(c, fp) */
	assert_int_equal(e->handle_arg, 1);
	assert_int_equal(e->fixed_bytes, 1);
	assert_true(e->flags & VD_CAT_TEXT);
	e = must_find(c, "getchar");
	assert_int_equal(e->fixed_bytes, 1);
	assert_true(e->flags & VD_CAT_STDIN);
	e = must_find(c, "scanf");
	assert_int_equal(e->op, VD_OP_READ);
	assert_true(e->flags & VD_CAT_STDIN);

	e = must_find(c, "fdopen");
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->mode_arg, 1);
	assert_int_equal(e->path_arg, -1);
	/* freopen(path, mode, stream): the stream is re-pointed, not a parent */
	e = must_find(c, "freopen");
	assert_int_equal(e->path_arg, 0);
	assert_int_equal(e->mode_arg, 1);
	assert_int_equal(e->target_arg, 2);
	assert_int_equal(e->handle_arg, -1);
	assert_true(must_find(c, "tmpfile")->flags & VD_CAT_UNIQUE);

	e = must_find(c, "fseek");
	assert_int_equal(e->op, VD_OP_SEEK);
	assert_int_equal(e->offset_arg, 1);
	assert_int_equal(e->whence_arg, 2);
	e = must_find(c, "rewind");
	assert_int_equal(e->op, VD_OP_SEEK);
	assert_int_equal(e->offset_arg, -1);
	e = must_find(c, "ftell");
	assert_int_equal(e->op, VD_OP_META);
	assert_int_equal(must_find(c, "fflush")->op, VD_OP_FLUSH);
	assert_int_equal(must_find(c, "setvbuf")->op, VD_OP_META);
	assert_int_equal(must_find(c, "fclose")->op, VD_OP_CLOSE);
}

static void test_mpiio_entries(void **state)
{
	const vd_catalog *c = *state;

	/* MPI_File_open(comm, filename, amode, info, &fh) */
	const vd_catalog_entry *e = must_find(c, "MPI_File_open");
	assert_string_equal(e->api, "mpiio");
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->path_arg, 1);
	assert_int_equal(e->flags_arg, 2);
	assert_int_equal(e->handle_out, 4);
	assert_true(e->flags & VD_CAT_COLLECTIVE);

	/* MPI_File_write_at_all(fh, offset, buf, count, datatype, status) */
	e = must_find(c, "MPI_File_write_at_all");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->offset_arg, 1);
	assert_int_equal(e->count_arg, 3);
	assert_int_equal(e->type_arg, 4);
	assert_int_equal(e->flags, VD_CAT_BINARY | VD_CAT_COLLECTIVE);

	/* MPI_File_write(fh, buf, count, datatype, status) */
	e = must_find(c, "MPI_File_write");
	assert_int_equal(e->count_arg, 2);
	assert_int_equal(e->type_arg, 3);
	assert_int_equal(e->offset_arg, -1);
	assert_int_equal(e->flags, VD_CAT_BINARY);

	e = must_find(c, "MPI_File_iwrite_at");
	assert_int_equal(e->flags, VD_CAT_BINARY | VD_CAT_ASYNC);
	assert_int_equal(e->count_arg, 3);

	e = must_find(c, "MPI_File_write_at_all_begin");
	assert_int_equal(e->offset_arg, 1);
	assert_int_equal(e->count_arg, 3);
	assert_int_equal(e->type_arg, 4);
	assert_true(e->flags & VD_CAT_ASYNC);
	assert_true(e->flags & VD_CAT_COLLECTIVE);
	assert_false(e->flags & VD_CAT_COMPLETION);

	e = must_find(c, "MPI_File_write_at_all_end");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_true(e->flags & VD_CAT_COMPLETION);
	assert_int_equal(e->count_arg, -1);

	e = must_find(c, "MPI_File_sync");
	assert_int_equal(e->op, VD_OP_SYNC);
	assert_true(e->flags & VD_CAT_COLLECTIVE);
	e = must_find(c, "MPI_File_seek");
	assert_int_equal(e->op, VD_OP_SEEK);
	assert_int_equal(e->offset_arg, 1);
	assert_int_equal(e->whence_arg, 2);
	e = must_find(c, "MPI_File_delete");
	assert_int_equal(e->op, VD_OP_META);
	assert_int_equal(e->path_arg, 0);

	e = must_find(c, "MPI_Type_contiguous");
	assert_int_equal(e->op, VD_OP_NONE);
	assert_int_equal(e->role, VD_ROLE_TYPE_CONTIG);
	assert_int_equal(e->count_arg, 0);
	assert_int_equal(e->type_arg, 1);
	assert_int_equal(e->handle_out, 2);
}

static void test_hdf5_entries(void **state)
{
	const vd_catalog *c = *state;

	/* H5Dwrite(dset, mem_type, mem_space, file_space, dxpl, buf) */
	const vd_catalog_entry *e = must_find(c, "H5Dwrite");
	assert_string_equal(e->api, "hdf5");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->type_arg, 1);
	assert_int_equal(e->space_arg, 2);
	assert_int_equal(e->filespace_arg, 3);
	assert_int_equal(e->flags, VD_CAT_BINARY);

	/* the async form after macro expansion: 3 leading app_* arguments */
	e = must_find(c, "H5Dwrite_async");
	assert_int_equal(e->handle_arg, 3);
	assert_int_equal(e->type_arg, 4);
	assert_int_equal(e->space_arg, 5);
	assert_int_equal(e->filespace_arg, 6);
	assert_int_equal(e->flags, VD_CAT_BINARY | VD_CAT_ASYNC);

	e = must_find(c, "H5Fcreate");
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->path_arg, 0);
	assert_int_equal(e->flags_arg, 1);

	e = must_find(c, "H5Dcreate2"); /* (loc, name, type, space, lcpl, dcpl, dapl) */
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->type_arg, 2);
	assert_int_equal(e->space_arg, 3);
	e = must_find(c, "H5Dcreate_anon"); /* (loc, type, space, dcpl, dapl) */
	assert_int_equal(e->type_arg, 1);
	assert_int_equal(e->space_arg, 2);

	e = must_find(c, "H5Awrite"); /* (attr, mem_type, buf) */
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->type_arg, 1);
	assert_int_equal(must_find(c, "H5Fflush")->op, VD_OP_FLUSH);
	assert_int_equal(must_find(c, "H5Dflush")->op, VD_OP_FLUSH);
	assert_int_equal(must_find(c, "H5Dclose")->op, VD_OP_CLOSE);

	e = must_find(c, "H5Screate_simple"); /* (rank, dims, maxdims) */
	assert_int_equal(e->op, VD_OP_NONE);
	assert_int_equal(e->role, VD_ROLE_DATASPACE);
	assert_int_equal(e->rank_arg, 0);
	assert_int_equal(e->dims_arg, 1);
	assert_int_equal(e->handle_arg, -1);
	assert_int_equal(must_find(c, "H5Screate")->role, VD_ROLE_SCALARSPACE);

	/* H5Sselect_hyperslab(space, op, start, stride, count, block) */
	e = must_find(c, "H5Sselect_hyperslab");
	assert_int_equal(e->role, VD_ROLE_HYPERSLAB);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->flags_arg, 1);
	assert_int_equal(e->offset_arg, 2);
	assert_int_equal(e->count_arg, 4);
	assert_int_equal(e->size_arg, 5);

	e = must_find(c, "H5Tcopy");
	assert_int_equal(e->role, VD_ROLE_TYPE_COPY);
	assert_int_equal(e->type_arg, 0);

	/* the helpers constant macros expand into are not I/O (docs/catalog.md) */
	assert_null(vd_catalog_find(c, "H5open"));
	assert_null(vd_catalog_find(c, "H5check_version"));
}

/* ---- calls found missing on real HPC code -------------------------------------- */

static void test_gap_entries(void **state)
{
	const vd_catalog *c = *state;

	/* dup(fd): a new handle on fd's file; dup2/dup3(fd, newfd): newfd is
	 * re-pointed to it */
	const vd_catalog_entry *e = must_find(c, "dup");
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->target_arg, -1);
	assert_int_equal(e->path_arg, -1);
	for (int i = 0; i < 2; i++) {
		e = must_find(c, i ? "dup3" : "dup2");
		assert_int_equal(e->op, VD_OP_OPEN);
		assert_int_equal(e->handle_arg, 0);
		assert_int_equal(e->target_arg, 1);
		assert_int_equal(e->handle_out, -1);
	}

	/* mkstemp(template), mkostemp(template, flags): a new file each call */
	e = must_find(c, "mkstemp");
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->path_arg, 0);
	assert_int_equal(e->flags_arg, -1);
	assert_int_equal(e->flags, VD_CAT_UNIQUE);
	e = must_find(c, "mkostemp");
	assert_int_equal(e->path_arg, 0);
	assert_int_equal(e->flags_arg, 1);
	assert_int_equal(e->flags, VD_CAT_UNIQUE);
	assert_int_equal(must_find(c, "mkostemps")->flags_arg, 2);

	/* in-kernel copies: one write of the count on the output descriptor */
	e = must_find(c, "sendfile"); /* (out_fd, in_fd, offset, count) */
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->bytes_arg, 3);
	assert_int_equal(e->offset_arg, -1);
	assert_int_equal(e->flags, VD_CAT_BINARY);
	/* (fd_in, off_in, fd_out, off_out, len, flags) */
	for (int i = 0; i < 2; i++) {
		e = must_find(c, i ? "copy_file_range" : "splice");
		assert_int_equal(e->op, VD_OP_WRITE);
		assert_int_equal(e->handle_arg, 2);
		assert_int_equal(e->bytes_arg, 4);
		assert_int_equal(e->flags, VD_CAT_BINARY);
	}
	/* (fd, iov, iovcnt, offset, flags) */
	e = must_find(c, "preadv2");
	assert_int_equal(e->op, VD_OP_READ);
	assert_int_equal(e->iov_arg, 1);
	assert_int_equal(e->iovcnt_arg, 2);
	assert_int_equal(e->offset_arg, 3);
	assert_int_equal(must_find(c, "pwritev2")->op, VD_OP_WRITE);

	/* perror(s): "s: <ENOENT's message>\n" on stderr, 2 + 25 + 1 over strlen */
	e = must_find(c, "perror");
	assert_string_equal(e->api, "stdio");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->string_arg, 0);
	assert_int_equal(e->extra_bytes, 28);
	assert_int_equal(e->handle_arg, -1);
	assert_int_equal(e->flags, VD_CAT_TEXT | VD_CAT_STDERR);

	/* metadata on a descriptor or a path */
	static const char *const on_fd[] = { "fcntl", "ioctl", "fstatvfs", "fdopendir",
					     "readdir", "closedir" };
	for (size_t i = 0; i < sizeof(on_fd) / sizeof(on_fd[0]); i++) {
		e = must_find(c, on_fd[i]);
		assert_int_equal(e->op, VD_OP_META);
		assert_int_equal(e->handle_arg, 0);
	}
	static const char *const on_path[] = { "statvfs", "mknod", "opendir" };
	for (size_t i = 0; i < sizeof(on_path) / sizeof(on_path[0]); i++) {
		e = must_find(c, on_path[i]);
		assert_int_equal(e->op, VD_OP_META);
		assert_int_equal(e->path_arg, 0);
	}
	assert_int_equal(must_find(c, "mknodat")->path_arg, 1);

	/* MPI-IO: local, not collective */
	static const char *const mpi[] = { "MPI_File_get_info", "MPI_File_set_errhandler" };
	for (size_t i = 0; i < 2; i++) {
		e = must_find(c, mpi[i]);
		assert_string_equal(e->api, "mpiio");
		assert_int_equal(e->op, VD_OP_META);
		assert_int_equal(e->handle_arg, 0);
		assert_int_equal(e->flags, 0);
	}

	/* HDF5: a dataset's own dataspace and type, names of opened objects */
	e = must_find(c, "H5Dget_space");
	assert_int_equal(e->op, VD_OP_NONE);
	assert_int_equal(e->role, VD_ROLE_OBJECT_SPACE);
	assert_int_equal(e->handle_arg, 0);
	e = must_find(c, "H5Dget_type");
	assert_int_equal(e->op, VD_OP_NONE);
	assert_int_equal(e->role, VD_ROLE_OBJECT_TYPE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(must_find(c, "H5Aget_space")->role, VD_ROLE_OBJECT_SPACE);
	assert_int_equal(must_find(c, "H5Aget_type")->role, VD_ROLE_OBJECT_TYPE);
	static const char *const h5meta[] = { "H5Aexists", "H5Gget_info", "H5Fget_vfd_handle" };
	for (size_t i = 0; i < 3; i++) {
		e = must_find(c, h5meta[i]);
		assert_int_equal(e->op, VD_OP_META);
		assert_int_equal(e->handle_arg, 0);
	}
	/* H5Dcreate1(loc, name, type, space, dcpl): the 1.6 API (IOR) */
	e = must_find(c, "H5Dcreate1");
	assert_int_equal(e->object_arg, 1);
	assert_int_equal(e->type_arg, 2);
	assert_int_equal(e->space_arg, 3);
	static const char *const named[] = { "H5Dcreate2", "H5Dopen1", "H5Dopen2", "H5Gcreate1",
					     "H5Gcreate2", "H5Gopen1", "H5Gopen2" };
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		e = must_find(c, named[i]);
		assert_int_equal(e->op, VD_OP_OPEN);
		assert_int_equal(e->handle_arg, 0);
		assert_int_equal(e->object_arg, 1);
	}
	/* the async forms: the user's name argument plus the 3 app_* arguments */
	assert_int_equal(must_find(c, "H5Dopen_async")->object_arg, 4);
	assert_int_equal(must_find(c, "H5Dcreate_async")->object_arg, 4);
	/* no name: nothing to find the dataset by later */
	assert_int_equal(must_find(c, "H5Dcreate_anon")->object_arg, -1);
}

/* ---- coverage promised by the design (docs/catalog.md) ------------------------------------------------- */

static const char *const required[] = {
	/* POSIX */
	"open", "openat", "creat", "read", "write", "pread", "pwrite", "readv", "writev",
	"preadv", "pwritev", "lseek", "fsync", "fdatasync", "sync_file_range", "close",
	"ftruncate", "posix_fadvise", "mmap", "msync", "munmap", "sync", "open64",
	"pread64", "pwrite64", "lseek64",
	"aio_read", "aio_write", "aio_fsync", "aio_return", "aio_error", "aio_suspend",
	"aio_cancel", "lio_listio",
	"stat", "fstat", "lstat", "fstatat", "access", "unlink", "rename", "mkdir", "rmdir",
	"fcntl", "ioctl", "dup", "dup2", "dup3", "statvfs", "fstatvfs", "mknod", "mkstemp",
	"mkostemp", "opendir", "fdopendir", "readdir", "closedir", "splice", "sendfile",
	"copy_file_range", "preadv2", "pwritev2",
	/* glibc fortify */
	"__read_chk", "__pread_chk", "__fprintf_chk", "__printf_chk", "__vfprintf_chk",
	"__fread_chk", "__fgets_chk",
	/* stdio */
	"fopen", "fopen64", "fdopen", "freopen", "fread", "fwrite", "fgets", "fputs",
	"fprintf", "vfprintf", "fscanf", "getc", "fgetc", "putc", "fputc", "fseek",
	"fseeko", "ftell", "ftello", "rewind", "fflush", "fclose", "setvbuf", "printf",
	"vprintf", "puts", "putchar", "scanf", "getchar", "perror",
	/* MPI-IO */
	"MPI_File_open", "MPI_File_close",
	"MPI_File_read", "MPI_File_write", "MPI_File_read_at", "MPI_File_write_at",
	"MPI_File_read_all", "MPI_File_write_all", "MPI_File_read_at_all",
	"MPI_File_write_at_all", "MPI_File_read_shared", "MPI_File_write_shared",
	"MPI_File_read_ordered", "MPI_File_write_ordered",
	"MPI_File_iread", "MPI_File_iwrite", "MPI_File_iread_at", "MPI_File_iwrite_at",
	"MPI_File_iread_all", "MPI_File_iwrite_all", "MPI_File_iread_at_all",
	"MPI_File_iwrite_at_all", "MPI_File_iread_shared", "MPI_File_iwrite_shared",
	"MPI_File_read_all_begin", "MPI_File_read_all_end",
	"MPI_File_write_all_begin", "MPI_File_write_all_end",
	"MPI_File_read_at_all_begin", "MPI_File_read_at_all_end",
	"MPI_File_write_at_all_begin", "MPI_File_write_at_all_end",
	"MPI_File_read_ordered_begin", "MPI_File_read_ordered_end",
	"MPI_File_write_ordered_begin", "MPI_File_write_ordered_end",
	"MPI_File_sync", "MPI_File_seek", "MPI_File_seek_shared", "MPI_File_set_view",
	"MPI_File_set_size", "MPI_File_preallocate", "MPI_File_get_size", "MPI_File_delete",
	"MPI_File_get_info", "MPI_File_set_errhandler",
	/* HDF5 */
	"H5Fcreate", "H5Fopen", "H5Fclose", "H5Fflush", "H5Dcreate1", "H5Dcreate2",
	"H5Dcreate_anon", "H5Dopen1", "H5Dopen2", "H5Dread", "H5Dwrite", "H5Dread_async",
	"H5Dwrite_async", "H5Dflush", "H5Dclose", "H5Acreate2", "H5Aopen", "H5Aread",
	"H5Awrite", "H5Aclose",
	"H5Dget_space", "H5Dget_type", "H5Aexists", "H5Gget_info", "H5Fget_vfd_handle",
	"H5Screate_simple", "H5Screate", "H5Sselect_hyperslab", "H5Tcopy",
	"MPI_Type_contiguous",
};

static void test_required_names(void **state)
{
	const vd_catalog *c = *state;
	int missing = 0;
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!vd_catalog_find(c, required[i])) {
			fprintf(stderr, "missing: %s\n", required[i]);
			missing++;
		}
	assert_int_equal(missing, 0);
}

/* Every call `vidya trace` records is one `vidya analyze` counts, so that
 * predicted and traced calls compare per site.  The exceptions record
 * something else: MPI request completion (the catalog counts a
 * non-blocking transfer at its start) and NetCDF inquiries (stored only
 * when the library reads metadata inside one). */
static void test_traced_calls_cataloged(void **state)
{
	const vd_catalog *c = *state;
	static const char *const traced[] = {
#define VD_TL_X(id, api, name, cls) name,
		VD_TL_CALLS(VD_TL_X)
#undef VD_TL_X
	};
	int missing = 0;
	for (size_t i = 0; i < sizeof traced / sizeof traced[0]; i++) {
		const char *nm = traced[i];
		if (!strncmp(nm, "MPI_Test", 8) || !strncmp(nm, "MPI_Wait", 8) ||
		    !strncmp(nm, "nc_inq", 6) || vd_catalog_find(c, nm))
			continue;
		fprintf(stderr, "traced but not in the catalog: %s\n", nm);
		missing++;
	}
	assert_int_equal(missing, 0);
}

/* Invariants every entry must satisfy; a new entry that breaks one is
 * almost certainly a mistake in the catalog. */
static void test_entry_invariants(void **state)
{
	const vd_catalog *c = *state;
	size_t n = vd_catalog_count(c);
	assert_true(n > 200);
	assert_null(vd_catalog_at(c, n));

	for (size_t i = 0; i < n; i++) {
		const vd_catalog_entry *e = vd_catalog_at(c, i);
		assert_non_null(e);
		const char *nm = e->name;
		/* O(1) index agrees with the list */
		assert_ptr_equal(vd_catalog_find(c, nm), e);
		assert_true(strcmp(e->api, "posix") == 0 || strcmp(e->api, "stdio") == 0 ||
			    strcmp(e->api, "mpiio") == 0 || strcmp(e->api, "hdf5") == 0 ||
			    strcmp(e->api, "netcdf") == 0 || strcmp(e->api, "pnetcdf") == 0);

		/* P6: every data call is either binary or text, never both */
		if (e->op == VD_OP_READ || e->op == VD_OP_WRITE) {
			int b = !!(e->flags & VD_CAT_BINARY), t = !!(e->flags & VD_CAT_TEXT);
			if (b + t != 1)
				fail_msg("'%s' must be exactly one of binary/text", nm);
		}
		/* a data call names where its bytes come from, or says it cannot */
		if ((e->op == VD_OP_READ || e->op == VD_OP_WRITE) &&
		    !(e->flags & VD_CAT_COMPLETION) && e->bytes_arg < 0 &&
		    e->count_arg < 0 && e->string_arg < 0 && e->format_arg < 0 &&
		    e->iov_arg < 0 && e->fixed_bytes < 0 && e->space_arg < 0 &&
		    e->type_arg < 0 && !(e->flags & VD_CAT_ASYNC) && !vd_catalog_array_sized(e) &&
		    strncmp(nm, "getline", 7) != 0 && !ends_with(nm, "getdelim") &&
		    strcmp(nm, "nc_put_att_string") != 0) /* strings of unknown length */
			fail_msg("data call '%s' has no way to size it", nm);
		if (e->count_arg >= 0 && e->op != VD_OP_NONE &&
		    e->size_arg < 0 && e->type_arg < 0 && e->elem_size < 0 && e->xtype_arg < 0)
			fail_msg("'%s' has a count but no element size or type", nm);
		/* only open-class calls and type constructors write a new handle */
		if (e->handle_out >= 0 && e->op != VD_OP_OPEN && e->role != VD_ROLE_TYPE_CONTIG &&
		    e->role != VD_ROLE_DIMENSION)
			fail_msg("'%s' has handle-out but is not an open", nm);
		/* names that promise a flag must carry it */
		if (strncmp(nm, "MPI_File_", 9) == 0 &&
		    (strstr(nm, "_all") || strstr(nm, "_ordered")) &&
		    !(e->flags & VD_CAT_COLLECTIVE))
			fail_msg("'%s' must be collective", nm);
		/* PnetCDF: _all is collective, iput/iget/bput non-blocking; the
		 * NetCDF data calls name their variable (argument 1) */
		if (strncmp(nm, "ncmpi_", 6) == 0 && ends_with(nm, "_all") &&
		    !(e->flags & VD_CAT_COLLECTIVE))
			fail_msg("'%s' must be collective", nm);
		if ((strncmp(nm, "ncmpi_iput_", 11) == 0 || strncmp(nm, "ncmpi_iget_", 11) == 0 ||
		     strncmp(nm, "ncmpi_bput_", 11) == 0) &&
		    !(e->flags & VD_CAT_ASYNC))
			fail_msg("'%s' must be async", nm);
		if (strstr(nm, "_var") && (e->op == VD_OP_READ || e->op == VD_OP_WRITE) &&
		    (strncmp(nm, "nc_", 3) == 0 || strncmp(nm, "ncmpi_", 6) == 0) &&
		    (e->handle_arg != 1 || !vd_catalog_array_sized(e)))
			fail_msg("'%s' must be sized from its variable (handle 1)", nm);
		if ((strncmp(nm, "MPI_File_iread", 14) == 0 ||
		     strncmp(nm, "MPI_File_iwrite", 15) == 0 || ends_with(nm, "_async") ||
		     strncmp(nm, "aio_", 4) == 0 || strncmp(nm, "lio_", 4) == 0 ||
		     ends_with(nm, "_begin") || ends_with(nm, "_end")) &&
		    !(e->flags & VD_CAT_ASYNC))
			fail_msg("'%s' must be async", nm);
		if (ends_with(nm, "_end") &&
		    (!(e->flags & VD_CAT_COMPLETION) || e->count_arg >= 0))
			fail_msg("'%s' must be a completion without a count", nm);
		if (strstr(nm, "_chk") && strstr(nm, "printf") &&
		    e->format_arg != (e->flags & VD_CAT_STDOUT ? 1 : 2))
			fail_msg("'%s': fortified printf has the format after the flag", nm);
		if (e->role != VD_ROLE_NONE && e->op != VD_OP_NONE)
			fail_msg("'%s' has a role but is not op none", nm);
		/* only an open re-points a handle, names an object or makes a
		 * new file every time */
		if ((e->target_arg >= 0 || e->object_arg >= 0 || (e->flags & VD_CAT_UNIQUE)) &&
		    e->op != VD_OP_OPEN)
			fail_msg("'%s' has target, object or unique but is not an open", nm);
		/* the dataset-object roles read the object in their handle */
		if ((e->role == VD_ROLE_OBJECT_SPACE || e->role == VD_ROLE_OBJECT_TYPE) &&
		    e->handle_arg < 0)
			fail_msg("'%s' has an object role but no handle", nm);
	}
}

/* ---- constants ------------------------------------------------------------------- */

static void test_constants(void **state)
{
	const vd_catalog *c = *state;

	const vd_catalog_constant *k = vd_catalog_find_constant(c, "H5T_NATIVE_DOUBLE_g");
	assert_non_null(k);
	assert_int_equal(k->size, 8);
	assert_false(k->has_value);
	assert_int_equal(vd_catalog_find_constant(c, "H5T_NATIVE_INT_g")->size, 4);
	assert_int_equal(vd_catalog_find_constant(c, "H5T_NATIVE_SCHAR_g")->size, 1);
	assert_int_equal(vd_catalog_find_constant(c, "H5T_STD_I64LE_g")->size, 8);
	assert_int_equal(vd_catalog_find_constant(c, "ompi_mpi_double")->size, 8);
	assert_int_equal(vd_catalog_find_constant(c, "ompi_mpi_int")->size, 4);
	assert_int_equal(vd_catalog_find_constant(c, "ompi_mpi_byte")->size, 1);

	k = vd_catalog_find_constant(c, "O_SYNC");
	assert_non_null(k);
	assert_true(k->has_value);
	assert_int_equal(k->value, 04010000);
	assert_int_equal(k->size, -1);
	assert_int_equal(vd_catalog_find_constant(c, "O_DSYNC")->value, 010000);
	assert_int_equal(vd_catalog_find_constant(c, "SEEK_END")->value, 2);
	assert_int_equal(vd_catalog_find_constant(c, "MPI_MODE_CREATE")->value, 1);
	assert_int_equal(vd_catalog_find_constant(c, "MPI_MODE_WRONLY")->value, 4);
	assert_int_equal(vd_catalog_find_constant(c, "H5F_ACC_TRUNC")->value, 2);
	assert_int_equal(vd_catalog_find_constant(c, "AT_FDCWD")->value, -100);

	/* the namespaces are separate */
	assert_null(vd_catalog_find_constant(c, "write"));
	assert_null(vd_catalog_find(c, "O_SYNC"));
	assert_null(vd_catalog_find_constant(c, "no_such_constant"));
	assert_null(vd_catalog_find(c, "no_such_function"));
	assert_null(vd_catalog_find(NULL, "write"));
	assert_null(vd_catalog_find(c, NULL));
}

/* ---- merging a user catalog ------------------------------------------------------- */

static void test_merge_user_catalog(void **state)
{
	(void)state;
	vd_catalog *c = NULL;
	assert_int_equal(vd_catalog_load(&c, CATALOG_XML), 0);
	size_t before = vd_catalog_count(c);
	const vd_catalog_entry *w = must_find(c, "write");
	assert_false(w->flags & VD_CAT_ASYNC);
	size_t write_pos = 0;
	while (vd_catalog_at(c, write_pos) != w)
		write_pos++;

	assert_int_equal(vd_catalog_merge_file(c, FIXTURE("user_ckpt.xml")), 0);

	/* four new names, one replaced */
	assert_int_equal(vd_catalog_count(c), before + 4);
	const vd_catalog_entry *e = must_find(c, "ckpt_put_array");
	assert_string_equal(e->api, "ckpt");
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 0);
	assert_int_equal(e->count_arg, 2);
	assert_int_equal(e->elem_size, 8);
	assert_int_equal(e->flags, VD_CAT_BINARY);
	e = must_find(c, "ckpt_reopen");
	assert_int_equal(e->handle_out, 2);

	w = must_find(c, "write");
	assert_int_equal(w->flags, VD_CAT_BINARY | VD_CAT_ASYNC);
	assert_ptr_equal(vd_catalog_at(c, write_pos), w); /* replaced in place */
	/* untouched entries keep their values */
	assert_int_equal(must_find(c, "pwrite")->offset_arg, 3);

	const vd_catalog_constant *k = vd_catalog_find_constant(c, "CKPT_WRITE");
	assert_non_null(k);
	assert_int_equal(k->value, 1); /* written 0x0001 */
	k = vd_catalog_find_constant(c, "O_SYNC");
	assert_int_equal(k->size, 4);
	assert_int_equal(k->value, 1052672);

	vd_catalog_free(c);
}

static void test_failed_merge_changes_nothing(void **state)
{
	(void)state;
	vd_catalog *c = NULL;
	assert_int_equal(vd_catalog_load(&c, CATALOG_XML), 0);
	size_t before = vd_catalog_count(c);

	assert_true(vd_catalog_merge_file(c, FIXTURE("bad_unknown_op.xml")) < 0);
	assert_contains(vd_error_last(), "bad_unknown_op.xml");
	/* the valid override and the new entry before the bad one were dropped */
	assert_int_equal(vd_catalog_count(c), before);
	assert_int_equal(must_find(c, "fwrite")->op, VD_OP_WRITE);
	assert_null(vd_catalog_find(c, "brand_new_call"));

	assert_true(vd_catalog_merge_file(c, FIXTURE("does_not_exist.xml")) < 0);
	assert_int_equal(vd_catalog_count(c), before);
	vd_catalog_free(c);
}

/* ---- bad catalogs --------------------------------------------------------------------- */

static void test_bad_malformed(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_malformed.xml"), "line 5", "malformed XML", NULL);
}

static void test_bad_unknown_op(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_unknown_op.xml"), "line 6",
			  "entry 'write' has unknown op 'wrte'", NULL);
}

static void test_bad_index(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_index.xml"), "line 5", "'pwrite'", "handle='fd'",
			  "argument index", NULL);
}

static void test_bad_noname(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_noname.xml"), "line 4", "has no name", NULL);
}

static void test_bad_flag(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_flag.xml"), "line 3", "'aio_read'",
			  "unknown flag 'asynch'", NULL);
}

static void test_bad_attribute(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_attribute.xml"), "line 3", "'pread'",
			  "unknown attribute 'ofset'", NULL);
}

static void test_bad_duplicate(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_duplicate.xml"), "line 4", "'read' is defined twice",
			  "first at line 3", NULL);
}

static void test_bad_constant(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_constant.xml"), "line 4", "'MY_TYPE'",
			  "neither size nor value", NULL);
}

static void test_bad_version(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_version.xml"), "line 2", "version '2'", NULL);
}

static void test_bad_role(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_role.xml"), "line 3", "'H5Screate_simple'",
			  "role", NULL);
}

static void test_bad_target(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_target.xml"), "line 3", "'dup2'",
			  "target or object but its op is not 'open'", NULL);
}

static void test_bad_std_streams(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_std_streams.xml"), "line 3", "'perror'",
			  "more than one of stdout, stdin and stderr", NULL);
}

/* ---- NetCDF / PnetCDF entries and array-valued sizes ------------------------------ */

static void test_netcdf_entries(void **state)
{
	const vd_catalog *c = *state;
	const vd_catalog_entry *e;

	e = must_find(c, "nc_create"); /* nc_create(path, cmode, &ncid) */
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->path_arg, 0);
	assert_int_equal(e->handle_out, 2);
	e = must_find(c, "nc_create_par"); /* (path, cmode, comm, info, &ncid) */
	assert_int_equal(e->handle_out, 4);
	assert_true(e->flags & VD_CAT_COLLECTIVE);
	e = must_find(c, "nc_def_dim"); /* (ncid, name, len, &dimid) */
	assert_int_equal(e->op, VD_OP_NONE);
	assert_int_equal(e->role, VD_ROLE_DIMENSION);
	assert_int_equal(e->count_arg, 2);
	assert_int_equal(e->handle_out, 3);
	e = must_find(c, "nc_def_var"); /* (ncid, name, xtype, ndims, dimids, &varid) */
	assert_int_equal(e->op, VD_OP_OPEN);
	assert_int_equal(e->object_arg, 1);
	assert_int_equal(e->xtype_arg, 2);
	assert_int_equal(e->rank_arg, 3);
	assert_int_equal(e->dims_arg, 4);
	assert_int_equal(e->handle_out, 5);
	e = must_find(c, "nc_var_par_access");
	assert_int_equal(e->role, VD_ROLE_PAR_ACCESS);
	assert_int_equal(e->flags_arg, 2);

	e = must_find(c, "nc_put_vara_double"); /* (ncid, varid, start, count, op) */
	assert_int_equal(e->op, VD_OP_WRITE);
	assert_int_equal(e->handle_arg, 1);
	assert_int_equal(e->counts_arg, 3);
	assert_int_equal(e->elem_size, 8);
	e = must_find(c, "nc_get_varm_short"); /* (ncid, varid, start, count, stride, imap, ip) */
	assert_int_equal(e->op, VD_OP_READ);
	assert_int_equal(e->counts_arg, 3);
	assert_int_equal(e->elem_size, 2);
	e = must_find(c, "nc_put_var_float");
	assert_true(e->flags & VD_CAT_WHOLE);
	assert_int_equal(e->counts_arg, -1);
	e = must_find(c, "nc_get_var1_ulonglong");
	assert_true(e->flags & VD_CAT_ONE);
	assert_int_equal(e->elem_size, 8);
	e = must_find(c, "nc_put_vara"); /* untyped: the variable's type */
	assert_int_equal(e->elem_size, -1);
	e = must_find(c, "nc_put_att_int"); /* (ncid, varid, name, xtype, len, op) */
	assert_int_equal(e->count_arg, 4);
	assert_int_equal(e->elem_size, 4);
	assert_true(vd_catalog_array_sized(e));
	e = must_find(c, "nc_put_att"); /* untyped: xtype's size */
	assert_int_equal(e->xtype_arg, 3);

	e = must_find(c, "ncmpi_create"); /* (comm, path, cmode, info, &ncid) */
	assert_int_equal(e->path_arg, 1);
	assert_int_equal(e->handle_out, 4);
	assert_true(e->flags & VD_CAT_COLLECTIVE);
	e = must_find(c, "ncmpi_put_vara_float_all");
	assert_true(e->flags & VD_CAT_COLLECTIVE);
	assert_int_equal(e->counts_arg, 3);
	assert_int_equal(e->elem_size, 4);
	e = must_find(c, "ncmpi_put_vara_float");
	assert_false(e->flags & VD_CAT_COLLECTIVE);
	e = must_find(c, "ncmpi_iput_vara_double");
	assert_true(e->flags & VD_CAT_ASYNC);
	e = must_find(c, "ncmpi_wait_all");
	assert_int_equal(e->op, VD_OP_META);
	assert_true(e->flags & VD_CAT_COLLECTIVE);
	e = must_find(c, "ncmpi_put_vara_all"); /* flexible: the variable's type */
	assert_int_equal(e->elem_size, -1);
	assert_int_equal(e->counts_arg, 3);
}

static void test_array_sizes(void **state)
{
	(void)state;
	const double d3[3] = { 1, 16, 32 }, unk[2] = { 4, -1 };
	vd_catalog_entry e;
	memset(&e, 0, sizeof e);
	e.counts_arg = 3;
	e.count_arg = e.type_arg = e.size_arg = e.xtype_arg = -1;
	e.elem_size = 8;

	assert_true(vd_catalog_extent(d3, 3, 3) == 512.0);
	assert_true(vd_catalog_extent(d3, 3, 2) == 16.0);  /* the first rank only */
	assert_true(vd_catalog_extent(d3, 2, 3) < 0);      /* array shorter than the rank */
	assert_true(vd_catalog_extent(unk, 2, 2) < 0);     /* an unknown element */
	assert_true(vd_catalog_extent(NULL, -1, 0) == 1.0); /* a scalar */
	assert_true(vd_catalog_extent(d3, 3, VD_CATALOG_MAX_RANK + 1) < 0);

	/* counts: prod(count) x elem-size; the variable's rank beats the array's length */
	assert_true(vd_catalog_array_bytes(&e, -1, -1, -1, d3, 3, -1) == 4096.0);
	assert_true(vd_catalog_array_bytes(&e, -1, 2, -1, d3, 3, -1) == 128.0);
	assert_true(vd_catalog_array_bytes(&e, -1, -1, -1, NULL, -1, -1) < 0);
	/* no elem-size: the xtype argument's, else the variable's */
	e.elem_size = -1;
	assert_true(vd_catalog_array_bytes(&e, -1, -1, 4, d3, 3, -1) == 2048.0);
	assert_true(vd_catalog_array_bytes(&e, -1, -1, 4, d3, 3, 2) == 1024.0);
	assert_true(vd_catalog_array_bytes(&e, -1, -1, -1, d3, 3, -1) < 0);
	/* whole and one */
	e.counts_arg = -1;
	e.flags = VD_CAT_WHOLE;
	assert_true(vd_catalog_array_bytes(&e, 1000, 2, 8, NULL, -1, -1) == 8000.0);
	assert_true(vd_catalog_array_bytes(&e, -1, 2, 8, NULL, -1, -1) < 0);
	e.flags = VD_CAT_ONE;
	assert_true(vd_catalog_array_bytes(&e, -1, -1, 2, NULL, -1, -1) == 2.0);
	/* a scalar count (attributes) */
	e.flags = 0;
	e.count_arg = 4;
	e.elem_size = 4;
	assert_true(vd_catalog_array_sized(&e));
	const double len[1] = { 10 };
	assert_true(vd_catalog_array_bytes(&e, -1, -1, -1, len, 1, -1) == 40.0);

	assert_int_equal(vd_catalog_nc_type_size(6), 8); /* NC_DOUBLE */
	assert_int_equal(vd_catalog_nc_type_size(2), 1); /* NC_CHAR */
	assert_int_equal(vd_catalog_nc_type_size(3), 2); /* NC_SHORT */
	assert_int_equal(vd_catalog_nc_type_size(10), 8); /* NC_INT64 */
	assert_int_equal(vd_catalog_nc_type_size(12), -1); /* NC_STRING */
	assert_int_equal(vd_catalog_nc_type_size(0), -1);
}

static void test_bad_array_entries(void **state)
{
	(void)state;
	expect_load_error(FIXTURE("bad_array.xml"), "line 3", "'nc_put_vara_int'",
			  "more than one of counts, whole and one", NULL);
	expect_load_error(FIXTURE("bad_elem_size.xml"), "line 3", "'nc_put_vara_int'",
			  "elem-size", NULL);
}

static void test_missing_file(void **state)
{
	(void)state;
	const char *path = VD_TEST_FIXTURES "/no/such/catalog.xml";
	vd_catalog *c = (vd_catalog *)0x1;
	int rc = vd_catalog_load(&c, path);
	assert_int_equal(rc, VD_ENOTFOUND);
	assert_null(c);
	assert_contains(vd_error_last(), path);
	assert_contains(vd_error_last(), "No such file");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_opclass_roundtrip),
		cmocka_unit_test_setup_teardown(test_posix_entries, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_stdio_entries, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_mpiio_entries, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_hdf5_entries, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_gap_entries, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_required_names, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_traced_calls_cataloged, setup_catalog,
						teardown_catalog),
		cmocka_unit_test_setup_teardown(test_entry_invariants, setup_catalog, teardown_catalog),
		cmocka_unit_test_setup_teardown(test_constants, setup_catalog, teardown_catalog),
		cmocka_unit_test(test_merge_user_catalog),
		cmocka_unit_test(test_failed_merge_changes_nothing),
		cmocka_unit_test(test_bad_malformed),
		cmocka_unit_test(test_bad_unknown_op),
		cmocka_unit_test(test_bad_index),
		cmocka_unit_test(test_bad_noname),
		cmocka_unit_test(test_bad_flag),
		cmocka_unit_test(test_bad_attribute),
		cmocka_unit_test(test_bad_duplicate),
		cmocka_unit_test(test_bad_constant),
		cmocka_unit_test(test_bad_version),
		cmocka_unit_test(test_bad_role),
		cmocka_unit_test(test_bad_target),
		cmocka_unit_test(test_bad_std_streams),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test_setup_teardown(test_netcdf_entries, setup_catalog, teardown_catalog),
		cmocka_unit_test(test_array_sizes),
		cmocka_unit_test(test_bad_array_entries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
