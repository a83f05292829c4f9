/*
 * vd_tracelog.h - the on-disk trace log shared by the LD_PRELOAD recorder
 * (trace/preload/) and the reader that loads it into the database
 * (trace/).  Plain C, no dependency beyond <stdint.h>.
 *
 * One file per traced thread: DIR/vidya.<pid>.<tid>.vtl.  The recorder maps
 * the file shared and grows it in chunks, so what it wrote survives a crash
 * or SIGKILL of the traced program (the pages belong to the page cache, not
 * to the process).  A file is a vd_tl_header followed by records.  Each
 * record starts with vd_tl_rec; its `type` is stored last (release order),
 * so a reader that meets type 0 has reached the end of what was written and
 * never sees a half-written record.  Records are 8-byte aligned; `size`
 * counts the whole record including the header and padding.
 */
#ifndef VD_TRACELOG_H
#define VD_TRACELOG_H

#include <stdint.h>

#include "vd_vocab.h"

#define VD_TL_MAGIC "VDTRACE\0"
#define VD_TL_VERSION 4     /* 3: compact call records (VD_TL_OPC); 4: batches (VD_TL_OPB) */
#define VD_TL_VERSION_MIN 2 /* the oldest the reader takes (2: full records only) */
#define VD_TL_MAXFRAMES 48  /* return addresses kept per op / sample */
#define VD_TL_PATHMAX 1024  /* longest path stored (truncated beyond) */

/* Environment the recorder reads. */
#define VD_TL_ENV_DIR "VIDYA_TRACE_DIR"       /* where logs go (required) */
#define VD_TL_ENV_HZ "VIDYA_TRACE_HZ"         /* wall-clock samples/s/thread, 0 = off */
#define VD_TL_ENV_FRAMES "VIDYA_TRACE_FRAMES" /* 0 = no call stacks on ops */

/* Interfaces (layers), top to bottom. */
enum vd_tl_api {
	VD_TL_POSIX = 0,
	VD_TL_STDIO = 1,
	VD_TL_MPIIO = 2,
	VD_TL_HDF5 = 3,
	VD_TL_NETCDF = 4,
	VD_TL_PNETCDF = 5
};

/* Operation classes: vd_opclass (util/vd_vocab.h), the catalog's, whose
 * VD_OP_WAIT only calls here have: a call that completes transfers started
 * earlier (MPI_Wait on an MPI_File_iwrite, an MPI_File_write_all_end); it
 * moves no bytes of its own.  Classes are not stored in the log. */

/*
 * Every call the recorder interposes: X(ID, api, "name", class).  The
 * position in this list is the `call` number stored in the log, so only
 * append to it (and bump VD_TL_VERSION when an entry changes meaning).
 */
#define VD_TL_CALLS(X)                                                                       \
	X(OPEN, VD_TL_POSIX, "open", VD_OP_OPEN)                                             \
	X(OPEN64, VD_TL_POSIX, "open64", VD_OP_OPEN)                                         \
	X(OPENAT, VD_TL_POSIX, "openat", VD_OP_OPEN)                                         \
	X(CREAT, VD_TL_POSIX, "creat", VD_OP_OPEN)                                           \
	X(CLOSE, VD_TL_POSIX, "close", VD_OP_CLOSE)                                          \
	X(READ, VD_TL_POSIX, "read", VD_OP_READ)                                             \
	X(WRITE, VD_TL_POSIX, "write", VD_OP_WRITE)                                          \
	X(PREAD, VD_TL_POSIX, "pread", VD_OP_READ)                                           \
	X(PWRITE, VD_TL_POSIX, "pwrite", VD_OP_WRITE)                                        \
	X(READV, VD_TL_POSIX, "readv", VD_OP_READ)                                           \
	X(WRITEV, VD_TL_POSIX, "writev", VD_OP_WRITE)                                        \
	X(PREADV, VD_TL_POSIX, "preadv", VD_OP_READ)                                         \
	X(PWRITEV, VD_TL_POSIX, "pwritev", VD_OP_WRITE)                                      \
	X(LSEEK, VD_TL_POSIX, "lseek", VD_OP_SEEK)                                           \
	X(FSYNC, VD_TL_POSIX, "fsync", VD_OP_SYNC)                                           \
	X(FDATASYNC, VD_TL_POSIX, "fdatasync", VD_OP_SYNC)                                   \
	X(FTRUNCATE, VD_TL_POSIX, "ftruncate", VD_OP_META)                                   \
	X(STAT, VD_TL_POSIX, "stat", VD_OP_META)                                             \
	X(FSTAT, VD_TL_POSIX, "fstat", VD_OP_META)                                           \
	X(LSTAT, VD_TL_POSIX, "lstat", VD_OP_META)                                           \
	X(UNLINK, VD_TL_POSIX, "unlink", VD_OP_META)                                         \
	X(RENAME, VD_TL_POSIX, "rename", VD_OP_META)                                         \
	X(MKDIR, VD_TL_POSIX, "mkdir", VD_OP_META)                                           \
	X(ACCESS, VD_TL_POSIX, "access", VD_OP_META)                                         \
	X(FOPEN, VD_TL_STDIO, "fopen", VD_OP_OPEN)                                           \
	X(FDOPEN, VD_TL_STDIO, "fdopen", VD_OP_OPEN)                                         \
	X(FREOPEN, VD_TL_STDIO, "freopen", VD_OP_OPEN)                                       \
	X(FCLOSE, VD_TL_STDIO, "fclose", VD_OP_CLOSE)                                        \
	X(FREAD, VD_TL_STDIO, "fread", VD_OP_READ)                                           \
	X(FWRITE, VD_TL_STDIO, "fwrite", VD_OP_WRITE)                                        \
	X(FGETS, VD_TL_STDIO, "fgets", VD_OP_READ)                                           \
	X(FPUTS, VD_TL_STDIO, "fputs", VD_OP_WRITE)                                          \
	X(FPRINTF, VD_TL_STDIO, "fprintf", VD_OP_WRITE)                                      \
	X(VFPRINTF, VD_TL_STDIO, "vfprintf", VD_OP_WRITE)                                    \
	X(FSCANF, VD_TL_STDIO, "fscanf", VD_OP_READ)                                         \
	X(FGETC, VD_TL_STDIO, "fgetc", VD_OP_READ)                                           \
	X(FPUTC, VD_TL_STDIO, "fputc", VD_OP_WRITE)                                          \
	X(FSEEK, VD_TL_STDIO, "fseek", VD_OP_SEEK)                                           \
	X(FSEEKO, VD_TL_STDIO, "fseeko", VD_OP_SEEK)                                         \
	X(FTELL, VD_TL_STDIO, "ftell", VD_OP_SEEK)                                           \
	X(REWIND, VD_TL_STDIO, "rewind", VD_OP_SEEK)                                         \
	X(FFLUSH, VD_TL_STDIO, "fflush", VD_OP_FLUSH)                                        \
	X(PRINTF, VD_TL_STDIO, "printf", VD_OP_WRITE)                                        \
	X(VPRINTF, VD_TL_STDIO, "vprintf", VD_OP_WRITE)                                      \
	X(PUTS, VD_TL_STDIO, "puts", VD_OP_WRITE)                                            \
	X(PUTCHAR, VD_TL_STDIO, "putchar", VD_OP_WRITE)                                      \
	X(MPI_OPEN, VD_TL_MPIIO, "MPI_File_open", VD_OP_OPEN)                                \
	X(MPI_CLOSE, VD_TL_MPIIO, "MPI_File_close", VD_OP_CLOSE)                             \
	X(MPI_READ, VD_TL_MPIIO, "MPI_File_read", VD_OP_READ)                                \
	X(MPI_READ_ALL, VD_TL_MPIIO, "MPI_File_read_all", VD_OP_READ)                        \
	X(MPI_READ_AT, VD_TL_MPIIO, "MPI_File_read_at", VD_OP_READ)                          \
	X(MPI_READ_AT_ALL, VD_TL_MPIIO, "MPI_File_read_at_all", VD_OP_READ)                  \
	X(MPI_WRITE, VD_TL_MPIIO, "MPI_File_write", VD_OP_WRITE)                             \
	X(MPI_WRITE_ALL, VD_TL_MPIIO, "MPI_File_write_all", VD_OP_WRITE)                     \
	X(MPI_WRITE_AT, VD_TL_MPIIO, "MPI_File_write_at", VD_OP_WRITE)                       \
	X(MPI_WRITE_AT_ALL, VD_TL_MPIIO, "MPI_File_write_at_all", VD_OP_WRITE)               \
	X(MPI_READ_SHARED, VD_TL_MPIIO, "MPI_File_read_shared", VD_OP_READ)                  \
	X(MPI_WRITE_SHARED, VD_TL_MPIIO, "MPI_File_write_shared", VD_OP_WRITE)               \
	X(MPI_READ_ORDERED, VD_TL_MPIIO, "MPI_File_read_ordered", VD_OP_READ)                \
	X(MPI_WRITE_ORDERED, VD_TL_MPIIO, "MPI_File_write_ordered", VD_OP_WRITE)             \
	X(MPI_IREAD, VD_TL_MPIIO, "MPI_File_iread", VD_OP_READ)                              \
	X(MPI_IWRITE, VD_TL_MPIIO, "MPI_File_iwrite", VD_OP_WRITE)                           \
	X(MPI_IREAD_AT, VD_TL_MPIIO, "MPI_File_iread_at", VD_OP_READ)                        \
	X(MPI_IWRITE_AT, VD_TL_MPIIO, "MPI_File_iwrite_at", VD_OP_WRITE)                     \
	X(MPI_SEEK, VD_TL_MPIIO, "MPI_File_seek", VD_OP_SEEK)                                \
	X(MPI_SYNC, VD_TL_MPIIO, "MPI_File_sync", VD_OP_SYNC)                                \
	X(MPI_SET_VIEW, VD_TL_MPIIO, "MPI_File_set_view", VD_OP_META)                        \
	X(MPI_SET_SIZE, VD_TL_MPIIO, "MPI_File_set_size", VD_OP_META)                        \
	X(MPI_PREALLOCATE, VD_TL_MPIIO, "MPI_File_preallocate", VD_OP_META)                  \
	X(H5FCREATE, VD_TL_HDF5, "H5Fcreate", VD_OP_OPEN)                                    \
	X(H5FOPEN, VD_TL_HDF5, "H5Fopen", VD_OP_OPEN)                                        \
	X(H5FCLOSE, VD_TL_HDF5, "H5Fclose", VD_OP_CLOSE)                                     \
	X(H5FFLUSH, VD_TL_HDF5, "H5Fflush", VD_OP_FLUSH)                                     \
	X(H5DCREATE2, VD_TL_HDF5, "H5Dcreate2", VD_OP_META)                                  \
	X(H5DOPEN2, VD_TL_HDF5, "H5Dopen2", VD_OP_META)                                      \
	X(H5DREAD, VD_TL_HDF5, "H5Dread", VD_OP_READ)                                        \
	X(H5DWRITE, VD_TL_HDF5, "H5Dwrite", VD_OP_WRITE)                                     \
	X(H5DCLOSE, VD_TL_HDF5, "H5Dclose", VD_OP_META)                                      \
	X(H5DFLUSH, VD_TL_HDF5, "H5Dflush", VD_OP_FLUSH)                                     \
	X(H5AREAD, VD_TL_HDF5, "H5Aread", VD_OP_READ)                                        \
	X(H5AWRITE, VD_TL_HDF5, "H5Awrite", VD_OP_WRITE)                                     \
	X(FWRITE_UNLOCKED, VD_TL_STDIO, "fwrite_unlocked", VD_OP_WRITE)                      \
	X(FREAD_UNLOCKED, VD_TL_STDIO, "fread_unlocked", VD_OP_READ)                         \
	X(PREAD64, VD_TL_POSIX, "pread64", VD_OP_READ)                                       \
	X(PWRITE64, VD_TL_POSIX, "pwrite64", VD_OP_WRITE)                                    \
	X(LSEEK64, VD_TL_POSIX, "lseek64", VD_OP_SEEK)                                       \
	X(FOPEN64, VD_TL_STDIO, "fopen64", VD_OP_OPEN)                                       \
	X(OPENAT64, VD_TL_POSIX, "openat64", VD_OP_OPEN)                                     \
	X(SYNC_FILE_RANGE, VD_TL_POSIX, "sync_file_range", VD_OP_SYNC)                       \
	X(MSYNC, VD_TL_POSIX, "msync", VD_OP_SYNC)                                           \
	X(GETC, VD_TL_STDIO, "getc", VD_OP_READ)                                             \
	X(PUTC, VD_TL_STDIO, "putc", VD_OP_WRITE)                                            \
	X(MPI_IREAD_SHARED, VD_TL_MPIIO, "MPI_File_iread_shared", VD_OP_READ)                \
	X(MPI_IWRITE_SHARED, VD_TL_MPIIO, "MPI_File_iwrite_shared", VD_OP_WRITE)             \
	X(MPI_IREAD_ALL, VD_TL_MPIIO, "MPI_File_iread_all", VD_OP_READ)                      \
	X(MPI_IWRITE_ALL, VD_TL_MPIIO, "MPI_File_iwrite_all", VD_OP_WRITE)                   \
	X(MPI_IREAD_AT_ALL, VD_TL_MPIIO, "MPI_File_iread_at_all", VD_OP_READ)                \
	X(MPI_IWRITE_AT_ALL, VD_TL_MPIIO, "MPI_File_iwrite_at_all", VD_OP_WRITE)             \
	X(MPI_READ_ALL_BEGIN, VD_TL_MPIIO, "MPI_File_read_all_begin", VD_OP_READ)            \
	X(MPI_READ_ALL_END, VD_TL_MPIIO, "MPI_File_read_all_end", VD_OP_WAIT)                \
	X(MPI_WRITE_ALL_BEGIN, VD_TL_MPIIO, "MPI_File_write_all_begin", VD_OP_WRITE)         \
	X(MPI_WRITE_ALL_END, VD_TL_MPIIO, "MPI_File_write_all_end", VD_OP_WAIT)              \
	X(MPI_READ_AT_ALL_BEGIN, VD_TL_MPIIO, "MPI_File_read_at_all_begin", VD_OP_READ)      \
	X(MPI_READ_AT_ALL_END, VD_TL_MPIIO, "MPI_File_read_at_all_end", VD_OP_WAIT)          \
	X(MPI_WRITE_AT_ALL_BEGIN, VD_TL_MPIIO, "MPI_File_write_at_all_begin", VD_OP_WRITE)   \
	X(MPI_WRITE_AT_ALL_END, VD_TL_MPIIO, "MPI_File_write_at_all_end", VD_OP_WAIT)        \
	X(MPI_READ_ORDERED_BEGIN, VD_TL_MPIIO, "MPI_File_read_ordered_begin", VD_OP_READ)    \
	X(MPI_READ_ORDERED_END, VD_TL_MPIIO, "MPI_File_read_ordered_end", VD_OP_WAIT)        \
	X(MPI_WRITE_ORDERED_BEGIN, VD_TL_MPIIO, "MPI_File_write_ordered_begin", VD_OP_WRITE) \
	X(MPI_WRITE_ORDERED_END, VD_TL_MPIIO, "MPI_File_write_ordered_end", VD_OP_WAIT)      \
	X(MPI_WAIT, VD_TL_MPIIO, "MPI_Wait", VD_OP_WAIT)                                     \
	X(MPI_WAITALL, VD_TL_MPIIO, "MPI_Waitall", VD_OP_WAIT)                               \
	X(MPI_WAITANY, VD_TL_MPIIO, "MPI_Waitany", VD_OP_WAIT)                               \
	X(MPI_WAITSOME, VD_TL_MPIIO, "MPI_Waitsome", VD_OP_WAIT)                             \
	X(MPI_TEST, VD_TL_MPIIO, "MPI_Test", VD_OP_WAIT)                                     \
	X(MPI_TESTALL, VD_TL_MPIIO, "MPI_Testall", VD_OP_WAIT)                               \
	X(MPI_TESTANY, VD_TL_MPIIO, "MPI_Testany", VD_OP_WAIT)                               \
	X(MPI_TESTSOME, VD_TL_MPIIO, "MPI_Testsome", VD_OP_WAIT)                             \
	X(MPI_GET_SIZE, VD_TL_MPIIO, "MPI_File_get_size", VD_OP_META)                        \
	X(MPI_DELETE, VD_TL_MPIIO, "MPI_File_delete", VD_OP_META)                            \
	X(MPI_SEEK_SHARED, VD_TL_MPIIO, "MPI_File_seek_shared", VD_OP_SEEK)                  \
	X(MPI_GET_POSITION_SHARED, VD_TL_MPIIO, "MPI_File_get_position_shared", VD_OP_SEEK)  \
	X(MPI_SET_ATOMICITY, VD_TL_MPIIO, "MPI_File_set_atomicity", VD_OP_META)              \
	X(MPI_SET_INFO, VD_TL_MPIIO, "MPI_File_set_info", VD_OP_META)                        \
	X(AIO_READ, VD_TL_POSIX, "aio_read", VD_OP_READ)                                     \
	X(AIO_WRITE, VD_TL_POSIX, "aio_write", VD_OP_WRITE)                                  \
	X(AIO_READ64, VD_TL_POSIX, "aio_read64", VD_OP_READ)                                 \
	X(AIO_WRITE64, VD_TL_POSIX, "aio_write64", VD_OP_WRITE)                              \
	/* the dups: handle and fd the new descriptor, offset the old one */                 \
	X(DUP, VD_TL_POSIX, "dup", VD_OP_META)                                               \
	X(DUP2, VD_TL_POSIX, "dup2", VD_OP_META)                                             \
	X(DUP3, VD_TL_POSIX, "dup3", VD_OP_META)                                             \
	X(FCNTL_DUPFD, VD_TL_POSIX, "fcntl", VD_OP_META)                                     \
	/* NetCDF-C: files, definitions, and the data calls in every form and   \
	 * element type (VD_TL_NC_DATA below) */            \
	X(NC_CREATE, VD_TL_NETCDF, "nc_create", VD_OP_OPEN)                                  \
	X(NC__CREATE, VD_TL_NETCDF, "nc__create", VD_OP_OPEN)                                \
	X(NC_CREATE_PAR, VD_TL_NETCDF, "nc_create_par", VD_OP_OPEN)                          \
	X(NC_OPEN, VD_TL_NETCDF, "nc_open", VD_OP_OPEN)                                      \
	X(NC__OPEN, VD_TL_NETCDF, "nc__open", VD_OP_OPEN)                                    \
	X(NC_OPEN_PAR, VD_TL_NETCDF, "nc_open_par", VD_OP_OPEN)                              \
	X(NC_CLOSE, VD_TL_NETCDF, "nc_close", VD_OP_CLOSE)                                   \
	X(NC_SYNC, VD_TL_NETCDF, "nc_sync", VD_OP_SYNC)                                      \
	X(NC_ENDDEF, VD_TL_NETCDF, "nc_enddef", VD_OP_META)                                  \
	X(NC_REDEF, VD_TL_NETCDF, "nc_redef", VD_OP_META)                                    \
	X(NC_DEF_DIM, VD_TL_NETCDF, "nc_def_dim", VD_OP_META)                                \
	X(NC_DEF_VAR, VD_TL_NETCDF, "nc_def_var", VD_OP_META)                                \
	X(NC_VAR_PAR_ACCESS, VD_TL_NETCDF, "nc_var_par_access", VD_OP_META)                  \
	VD_TL_NC_DATA(X, VD_TL_NETCDF, nc, put, VD_OP_WRITE)                                 \
	VD_TL_NC_DATA(X, VD_TL_NETCDF, nc, get, VD_OP_READ)                                  \
	VD_TL_NC_TYPED(X, VD_TL_NETCDF, nc, put, att, VD_OP_WRITE)                           \
	/* PnetCDF: the same shapes, blocking (independent and _all),          \
	 * non-blocking (iput, iget, bput; completed by ncmpi_wait_all) */             \
	X(NCMPI_CREATE, VD_TL_PNETCDF, "ncmpi_create", VD_OP_OPEN)                           \
	X(NCMPI_OPEN, VD_TL_PNETCDF, "ncmpi_open", VD_OP_OPEN)                               \
	X(NCMPI_CLOSE, VD_TL_PNETCDF, "ncmpi_close", VD_OP_CLOSE)                            \
	X(NCMPI_SYNC, VD_TL_PNETCDF, "ncmpi_sync", VD_OP_SYNC)                               \
	X(NCMPI_FLUSH, VD_TL_PNETCDF, "ncmpi_flush", VD_OP_FLUSH)                            \
	X(NCMPI_ENDDEF, VD_TL_PNETCDF, "ncmpi_enddef", VD_OP_META)                           \
	X(NCMPI_REDEF, VD_TL_PNETCDF, "ncmpi_redef", VD_OP_META)                             \
	X(NCMPI_DEF_DIM, VD_TL_PNETCDF, "ncmpi_def_dim", VD_OP_META)                         \
	X(NCMPI_DEF_VAR, VD_TL_PNETCDF, "ncmpi_def_var", VD_OP_META)                         \
	X(NCMPI_BEGIN_INDEP_DATA, VD_TL_PNETCDF, "ncmpi_begin_indep_data", VD_OP_META)       \
	X(NCMPI_END_INDEP_DATA, VD_TL_PNETCDF, "ncmpi_end_indep_data", VD_OP_META)           \
	X(NCMPI_WAIT, VD_TL_PNETCDF, "ncmpi_wait", VD_OP_WAIT)                               \
	X(NCMPI_WAIT_ALL, VD_TL_PNETCDF, "ncmpi_wait_all", VD_OP_WAIT)                       \
	VD_TL_PN_DATA(X, put, , VD_OP_WRITE)                                                 \
	VD_TL_PN_DATA(X, put, _all, VD_OP_WRITE)                                             \
	VD_TL_PN_DATA(X, get, , VD_OP_READ)                                                  \
	VD_TL_PN_DATA(X, get, _all, VD_OP_READ)                                              \
	VD_TL_PN_DATA(X, iput, , VD_OP_WRITE)                                                \
	VD_TL_PN_DATA(X, iget, , VD_OP_READ)                                                 \
	VD_TL_PN_DATA(X, bput, , VD_OP_WRITE)                                                \
	VD_TL_NC1(X, VD_TL_PNETCDF, ncmpi, put, att, _text, VD_OP_WRITE)                     \
	VD_TL_PN_TYPED(X, put, att, , VD_OP_WRITE)                                           \
	/* NetCDF attribute reads: metadata, with the bytes they return */                   \
	VD_TL_NC1(X, VD_TL_NETCDF, nc, get, att, , VD_OP_META)                               \
	VD_TL_NC_TYPED(X, VD_TL_NETCDF, nc, get, att, VD_OP_META)                            \
	/* NetCDF inquiries, recorded only when they do I/O below (NetCDF-4     \
	 * reads some metadata lazily) */            \
	X(NC_INQ, VD_TL_NETCDF, "nc_inq", VD_OP_META)                                        \
	X(NC_INQ_NATTS, VD_TL_NETCDF, "nc_inq_natts", VD_OP_META)                            \
	X(NC_INQ_VAR, VD_TL_NETCDF, "nc_inq_var", VD_OP_META)                                \
	X(NC_INQ_VARID, VD_TL_NETCDF, "nc_inq_varid", VD_OP_META)                            \
	X(NC_INQ_VARNATTS, VD_TL_NETCDF, "nc_inq_varnatts", VD_OP_META)                      \
	X(NC_INQ_ATT, VD_TL_NETCDF, "nc_inq_att", VD_OP_META)                                \
	X(NC_INQ_ATTNAME, VD_TL_NETCDF, "nc_inq_attname", VD_OP_META)                        \
	X(NC_INQ_ATTLEN, VD_TL_NETCDF, "nc_inq_attlen", VD_OP_META)                          \
	X(NC_INQ_ATTTYPE, VD_TL_NETCDF, "nc_inq_atttype", VD_OP_META)                        \
	X(NC_INQ_DIMID, VD_TL_NETCDF, "nc_inq_dimid", VD_OP_META)                            \
	X(NC_INQ_DIM, VD_TL_NETCDF, "nc_inq_dim", VD_OP_META)                                \
	X(NC_INQ_DIMLEN, VD_TL_NETCDF, "nc_inq_dimlen", VD_OP_META)                          \
	X(NC_INQ_VAR_CHUNKING, VD_TL_NETCDF, "nc_inq_var_chunking", VD_OP_META)              \
	X(NC_INQ_VAR_DEFLATE, VD_TL_NETCDF, "nc_inq_var_deflate", VD_OP_META)                \
	X(NC_INQ_VAR_FILL, VD_TL_NETCDF, "nc_inq_var_fill", VD_OP_META)                      \
	/* copies between descriptors: the read side (the application's     \
	 * call), then the write side as its child (same time, counted once) */                \
	X(COPY_FILE_RANGE_IN, VD_TL_POSIX, "copy_file_range", VD_OP_READ)                    \
	X(COPY_FILE_RANGE_OUT, VD_TL_POSIX, "copy_file_range", VD_OP_WRITE)                  \
	X(SENDFILE_IN, VD_TL_POSIX, "sendfile", VD_OP_READ)                                  \
	X(SENDFILE_OUT, VD_TL_POSIX, "sendfile", VD_OP_WRITE)                                \
	X(SPLICE_IN, VD_TL_POSIX, "splice", VD_OP_READ)                                      \
	X(SPLICE_OUT, VD_TL_POSIX, "splice", VD_OP_WRITE)                                    \
	X(H5DCREATE1, VD_TL_HDF5, "H5Dcreate1", VD_OP_META)                                  \
	X(H5DOPEN1, VD_TL_HDF5, "H5Dopen1", VD_OP_META)                                      \
	/* more stdio: line readers, the _unlocked and stdin forms, words, \
	 * positioning by fpos_t */                 \
	X(GETLINE, VD_TL_STDIO, "getline", VD_OP_READ)                                       \
	X(GETDELIM, VD_TL_STDIO, "getdelim", VD_OP_READ)                                     \
	X(UNGETC, VD_TL_STDIO, "ungetc", VD_OP_SEEK)                                         \
	X(GETW, VD_TL_STDIO, "getw", VD_OP_READ)                                             \
	X(PUTW, VD_TL_STDIO, "putw", VD_OP_WRITE)                                            \
	X(VFSCANF, VD_TL_STDIO, "vfscanf", VD_OP_READ)                                       \
	X(SCANF, VD_TL_STDIO, "scanf", VD_OP_READ)                                           \
	X(VSCANF, VD_TL_STDIO, "vscanf", VD_OP_READ)                                         \
	X(GETCHAR, VD_TL_STDIO, "getchar", VD_OP_READ)                                       \
	X(FGETS_UNLOCKED, VD_TL_STDIO, "fgets_unlocked", VD_OP_READ)                         \
	X(FPUTS_UNLOCKED, VD_TL_STDIO, "fputs_unlocked", VD_OP_WRITE)                        \
	X(FGETC_UNLOCKED, VD_TL_STDIO, "fgetc_unlocked", VD_OP_READ)                         \
	X(GETC_UNLOCKED, VD_TL_STDIO, "getc_unlocked", VD_OP_READ)                           \
	X(GETCHAR_UNLOCKED, VD_TL_STDIO, "getchar_unlocked", VD_OP_READ)                     \
	X(FPUTC_UNLOCKED, VD_TL_STDIO, "fputc_unlocked", VD_OP_WRITE)                        \
	X(PUTC_UNLOCKED, VD_TL_STDIO, "putc_unlocked", VD_OP_WRITE)                          \
	X(PUTCHAR_UNLOCKED, VD_TL_STDIO, "putchar_unlocked", VD_OP_WRITE)                    \
	X(FREOPEN64, VD_TL_STDIO, "freopen64", VD_OP_OPEN)                                   \
	X(TMPFILE, VD_TL_STDIO, "tmpfile", VD_OP_OPEN)                                       \
	X(FSEEKO64, VD_TL_STDIO, "fseeko64", VD_OP_SEEK)                                     \
	X(FSETPOS, VD_TL_STDIO, "fsetpos", VD_OP_SEEK)                                       \
	X(FSETPOS64, VD_TL_STDIO, "fsetpos64", VD_OP_SEEK)                                   \
	X(FFLUSH_UNLOCKED, VD_TL_STDIO, "fflush_unlocked", VD_OP_FLUSH)                      \
	/* formatted output straight to a descriptor (handle -1, fd set) */                  \
	X(DPRINTF, VD_TL_STDIO, "dprintf", VD_OP_WRITE)                                      \
	X(VDPRINTF, VD_TL_STDIO, "vdprintf", VD_OP_WRITE)                                    \
	/* metadata calls the catalog counts: advice, space, removal, directories */         \
	X(POSIX_FADVISE, VD_TL_POSIX, "posix_fadvise", VD_OP_META)                           \
	X(POSIX_FADVISE64, VD_TL_POSIX, "posix_fadvise64", VD_OP_META)                       \
	X(POSIX_FALLOCATE, VD_TL_POSIX, "posix_fallocate", VD_OP_META)                       \
	X(POSIX_FALLOCATE64, VD_TL_POSIX, "posix_fallocate64", VD_OP_META)                   \
	X(FALLOCATE, VD_TL_POSIX, "fallocate", VD_OP_META)                                   \
	X(FALLOCATE64, VD_TL_POSIX, "fallocate64", VD_OP_META)                               \
	X(TRUNCATE, VD_TL_POSIX, "truncate", VD_OP_META)                                     \
	X(TRUNCATE64, VD_TL_POSIX, "truncate64", VD_OP_META)                                 \
	X(RMDIR, VD_TL_POSIX, "rmdir", VD_OP_META)                                           \
	X(OPENDIR, VD_TL_POSIX, "opendir", VD_OP_META)                                       \
	X(REMOVE, VD_TL_STDIO, "remove", VD_OP_META)                                         \
	X(READDIR, VD_TL_POSIX, "readdir", VD_OP_META)                                       \
	X(READDIR64, VD_TL_POSIX, "readdir64", VD_OP_META)                                   \
	X(CLOSEDIR, VD_TL_POSIX, "closedir", VD_OP_META)                                     \
	/* file mappings: handle the mapping's address, fd the descriptor, */                \
	/* bytes its length (munmap: the mapping it unmaps from, by address) */              \
	X(MMAP, VD_TL_POSIX, "mmap", VD_OP_META)                                             \
	X(MMAP64, VD_TL_POSIX, "mmap64", VD_OP_META)                                         \
	X(MUNMAP, VD_TL_POSIX, "munmap", VD_OP_META)

/* clang-format off */
/* The NetCDF data families: nc_put_vara_double is
 * X(nc_put_vara_double, VD_TL_NETCDF, "nc_put_vara_double", VD_OP_WRITE). */
#define VD_TL_STR_(x) #x
#define VD_TL_STR(x) VD_TL_STR_(x)
#define VD_TL_NC1(X, api, pre, io, form, t, cls) \
	X(pre##_##io##_##form##t, api, VD_TL_STR(pre##_##io##_##form##t), cls)
/* every element type netcdf.h has a form for (not _string: its bytes are
 * not known from the count) */
#define VD_TL_NC_TYPED(X, api, pre, io, form, cls)                                           \
	VD_TL_NC1(X, api, pre, io, form, _text, cls) VD_TL_NC1(X, api, pre, io, form, _schar, cls) \
	VD_TL_NC1(X, api, pre, io, form, _uchar, cls) VD_TL_NC1(X, api, pre, io, form, _short, cls) \
	VD_TL_NC1(X, api, pre, io, form, _int, cls) VD_TL_NC1(X, api, pre, io, form, _long, cls)   \
	VD_TL_NC1(X, api, pre, io, form, _float, cls) VD_TL_NC1(X, api, pre, io, form, _double, cls) \
	VD_TL_NC1(X, api, pre, io, form, _ubyte, cls) VD_TL_NC1(X, api, pre, io, form, _ushort, cls) \
	VD_TL_NC1(X, api, pre, io, form, _uint, cls) VD_TL_NC1(X, api, pre, io, form, _longlong, cls) \
	VD_TL_NC1(X, api, pre, io, form, _ulonglong, cls)
/* var, var1, vara, vars, varm: untyped (the variable's type) and typed */
#define VD_TL_NC_DATA(X, api, pre, io, cls)                                                   \
	VD_TL_NC1(X, api, pre, io, var, , cls) VD_TL_NC_TYPED(X, api, pre, io, var, cls)          \
	VD_TL_NC1(X, api, pre, io, var1, , cls) VD_TL_NC_TYPED(X, api, pre, io, var1, cls)        \
	VD_TL_NC1(X, api, pre, io, vara, , cls) VD_TL_NC_TYPED(X, api, pre, io, vara, cls)        \
	VD_TL_NC1(X, api, pre, io, vars, , cls) VD_TL_NC_TYPED(X, api, pre, io, vars, cls)        \
	VD_TL_NC1(X, api, pre, io, varm, , cls) VD_TL_NC_TYPED(X, api, pre, io, varm, cls)

/* PnetCDF: ncmpi_put_vara_double_all is
 * X(ncmpi_put_vara_double_all, VD_TL_PNETCDF, "ncmpi_put_vara_double_all", VD_OP_WRITE);
 * its element types (no _ubyte data forms; _text separately for attributes,
 * whose signature differs) */
#define VD_TL_PN1(X, io, form, t, sfx, cls) \
	X(ncmpi_##io##_##form##t##sfx, VD_TL_PNETCDF, VD_TL_STR(ncmpi_##io##_##form##t##sfx), cls)
#define VD_TL_PN_TYPED(X, io, form, sfx, cls)                                                 \
	VD_TL_PN1(X, io, form, _schar, sfx, cls) VD_TL_PN1(X, io, form, _uchar, sfx, cls)         \
	VD_TL_PN1(X, io, form, _short, sfx, cls) VD_TL_PN1(X, io, form, _ushort, sfx, cls)        \
	VD_TL_PN1(X, io, form, _int, sfx, cls) VD_TL_PN1(X, io, form, _uint, sfx, cls)            \
	VD_TL_PN1(X, io, form, _long, sfx, cls) VD_TL_PN1(X, io, form, _float, sfx, cls)          \
	VD_TL_PN1(X, io, form, _double, sfx, cls) VD_TL_PN1(X, io, form, _longlong, sfx, cls)     \
	VD_TL_PN1(X, io, form, _ulonglong, sfx, cls)
/* a form: flexible (buf, bufcount, buftype), _text and the other types */
#define VD_TL_PN_FORM(X, io, form, sfx, cls)                                                  \
	VD_TL_PN1(X, io, form, , sfx, cls) VD_TL_PN1(X, io, form, _text, sfx, cls)                \
	VD_TL_PN_TYPED(X, io, form, sfx, cls)
#define VD_TL_PN_DATA(X, io, sfx, cls)                                                        \
	VD_TL_PN_FORM(X, io, var, sfx, cls) VD_TL_PN_FORM(X, io, var1, sfx, cls)                  \
	VD_TL_PN_FORM(X, io, vara, sfx, cls) VD_TL_PN_FORM(X, io, vars, sfx, cls)                 \
	VD_TL_PN_FORM(X, io, varm, sfx, cls)
/* clang-format on */

/* clang-format off */
enum vd_tl_call {
#define VD_TL_X(id, api, name, cls) VD_TL_##id,
	VD_TL_CALLS(VD_TL_X)
#undef VD_TL_X
	VD_TL_NCALLS
};
/* clang-format on */

/* Record types. */
enum vd_tl_type {
	VD_TL_END = 0,    /* nothing written here (yet) */
	VD_TL_OPREC = 1,  /* one interposed call: vd_tl_op */
	VD_TL_SAMPLE = 2, /* one wall-clock stack sample: vd_tl_sample */
	VD_TL_MODULE = 3, /* a loaded ELF object: vd_tl_module */
	VD_TL_EXIT = 4,   /* the process left through exit(): vd_tl_exit */
	VD_TL_SKIP = 5,   /* padding up to the end of a chunk: skip `size` bytes */
	VD_TL_DONE = 6,   /* an earlier op's transfer completed: vd_tl_done */
	VD_TL_OPC = 7,    /* one interposed call, delta-coded (below) */
	VD_TL_OPF = 8,    /* a call the previous one predicts: vd_tl_opf */
	VD_TL_OPB = 9     /* a batch of such calls, a few bytes each: vd_tl_opb */
};

#define VD_TL_CHUNK (4u << 20) /* files grow by this much; no record crosses a chunk */

/* File header (fixed size: 4096 bytes, the rest zero). */
typedef struct vd_tl_header {
	char magic[8];        /* VD_TL_MAGIC */
	uint32_t version;     /* VD_TL_VERSION */
	uint32_t header_size; /* 4096 */
	int32_t pid, ppid;    /* of the process */
	int32_t tid;          /* of the thread writing this file */
	int32_t rank;         /* MPI rank from the launcher's environment, else -1 */
	uint64_t t0_ns;       /* CLOCK_MONOTONIC when the process started tracing */
	int64_t realtime_ns;  /* CLOCK_REALTIME at the same moment */
	uint32_t sample_hz;   /* sampling rate (0: no samples) */
	uint32_t flags;       /* VD_TL_F_* */
	char exe[2048];       /* /proc/self/exe of the process, NUL-terminated */
	char host[256];       /* gethostname */
} vd_tl_header;

#define VD_TL_F_STACKS 1u /* ops carry call stacks */
#define VD_TL_F_NOSPACE \
	2u /* the log stopped early: no space for its next chunk
			    * (disk full, quota, RLIMIT_FSIZE); set in the file,
			    * through its descriptor, when it happens */

typedef struct vd_tl_rec {
	uint32_t type; /* vd_tl_type; written last */
	uint32_t size; /* whole record, multiple of 8 */
} vd_tl_rec;

/* An interposed call.  Followed by nframes return addresses (uint64_t) and
 * path_len bytes of path (not NUL-terminated), then padding. */
/* vd_tl_op.err of a read that found the end of the data and moved
 * nothing (fgets/getline/getc returning NULL/-1/EOF without an error): like
 * a failed call, not a transfer, counted in the file's `errors` */
#define VD_TL_ERR_EOF (-1)

typedef struct vd_tl_op {
	vd_tl_rec rec;
	uint64_t id;     /* unique in the process, increasing on its thread, not 0 */
	uint64_t parent; /* id of the call that issued this one (same thread), 0 = the application */
	int64_t handle;  /* fd, FILE*, MPI_File or hid_t as an integer; -1 unknown */
	int64_t offset;  /* file offset where the transfer started, -1 unknown */
	int64_t req;     /* bytes requested (data calls), else 0 */
	int64_t done;    /* bytes transferred (data calls), else 0 */
	uint64_t t_start_ns; /* CLOCK_MONOTONIC */
	uint64_t t_end_ns;   /* when the call returned; a transfer that goes on
				* after it (non-blocking, split collective, aio)
				* ends at its vd_tl_done record, if any */
	int32_t tid;
	int32_t err;   /* errno after a failed call, VD_TL_ERR_EOF at end of data, else 0 */
	int32_t fd;    /* file descriptor behind the handle (posix, stdio), else -1 */
	uint16_t call; /* vd_tl_call */
	uint16_t nframes;
	uint16_t path_len;
	uint16_t pad[3];
} vd_tl_op;

/* A wall-clock sample of one thread's stack.  `weight` counts the timer
 * periods it stands for (1 + overruns while the thread could not take the
 * signal, e.g. in an uninterruptible read, + periods deferred while the
 * stack could not be taken).  `in_op` is the id of the outermost
 * interposed call the thread was inside, 0 = none.  Followed by nframes
 * program counters: for a plain sample (flags 0) the signal handler's
 * frames, the signal trampoline, the interrupted instruction, then return
 * addresses; for VD_TL_S_DEFERRED a call chain taken outside the signal
 * handler (the recorder's own frames, then return addresses). */
typedef struct vd_tl_sample {
	vd_tl_rec rec;
	uint64_t t_ns;
	uint64_t in_op;
	int32_t tid;
	uint32_t weight;
	uint16_t nframes;
	uint16_t flags; /* VD_TL_S_* */
	uint16_t pad[2];
} vd_tl_sample;

/* Periods due while the stack could not be unwound (inside the dynamic
 * loader, inside MPI_Init/MPI_Finalize, while the recorder wrote a record),
 * charged to the stack of the code that was running then: the call chain
 * taken at entry to MPI_Init, or when the loader or the recorder returned to
 * the code that called it. */
#define VD_TL_S_DEFERRED 1u
/* Deferred periods for which no such stack could be taken (the thread or
 * process ended inside the loader, or the recorder could not unwind):
 * nframes is 0, the time is the process's but no block's. */
#define VD_TL_S_UNATTRIBUTED 2u

/* A loaded ELF object: load bias and the path; followed by path_len bytes. */
typedef struct vd_tl_module {
	vd_tl_rec rec;
	uint64_t base;   /* dl_phdr_info.dlpi_addr */
	uint64_t lo, hi; /* run-time address range of its PT_LOAD segments */
	uint16_t path_len;
	uint16_t pad[3];
} vd_tl_module;

/* The transfer that op `id` started (MPI_File_iwrite, MPI_File_write_all_begin,
 * aio_write) completed at t_ns, as seen by op `by` (the MPI_Wait or _end
 * call; 0 when no recorded call saw it, e.g. aio_return).  `done`: bytes
 * transferred, -1 when unknown (the op's own count stands); `err`: the
 * completion's error, 0 on success. */
typedef struct vd_tl_done {
	vd_tl_rec rec;
	uint64_t id;
	uint64_t by;
	uint64_t t_ns;
	int64_t done;
	int32_t err;
	int32_t pad;
} vd_tl_done;

typedef struct vd_tl_exit {
	vd_tl_rec rec;
	uint64_t t_ns;
	int32_t status;
	int32_t pad;
} vd_tl_exit;

/*
 * Compact call records (VD_TL_OPC).  A call is mostly what the previous
 * call of the same thread predicts: the same descriptor, the offset where
 * the previous transfer ended, a start just after its end, the same call
 * chain.  After its vd_tl_rec a compact record holds LEB128 varints (the
 * signed ones zigzag-coded), differences against the state the previous
 * call record of the same log left (either kind: VD_TL_OPREC updates it
 * too), in this order:
 *
 *   flags                  VD_TL_C_*
 *   call                   vd_tl_call
 *   id - prev.id           signed
 *   id - parent            only with VD_TL_C_PARENT (else parent 0)
 *   t_start - prev.t_end   signed
 *   t_end - t_start        signed
 *   handle - prev.handle   signed
 *   fd - prev.fd           signed
 *   offset                 signed; absent with VD_TL_C_SEQ: prev.next
 *   done                   signed
 *   req                    signed; absent with VD_TL_C_REQ_DONE: done
 *   err                    signed; only with VD_TL_C_ERR (else 0)
 *   slot                   with VD_TL_C_REF or VD_TL_C_DEF: chain slot
 *   nframes                with VD_TL_C_DEF or VD_TL_C_INL
 *
 * then, with VD_TL_C_DEF or VD_TL_C_INL, nframes return addresses
 * (uint64_t) at the next multiple of 8 from the record's start.  DEF
 * also makes them chain `slot` (< VD_TL_NSLOTS) of this log, which a
 * later record's REF names without repeating them; a slot is defined
 * again when the recorder's chain changes.  A compact record has no path
 * (a call with one is written as a vd_tl_op) and its tid is the header's.
 * prev.next is prev.offset + prev.done (64-bit, wrapping) when prev.offset
 * >= 0, else prev.offset; prev starts at all zero.
 */
#define VD_TL_NSLOTS 4

/*
 * The commonest call in 24 bytes, written without varints (cheaper to
 * write): an application's call (parent 0) whose id is prev.id + 1, on
 * prev's handle and fd, at offset prev.next, that moved all it asked for
 * (req = done) without error, started less than 4.3 s after prev ended,
 * lasted less than 4.3 s and moved less than 4 GiB.  Its frames are chain
 * slot - 1 (slot 0: none).  It updates prev like the other call records.
 */
typedef struct vd_tl_opf {
	vd_tl_rec rec;
	uint16_t call;
	uint8_t slot;
	uint8_t pad;
	uint32_t gap;  /* t_start - prev.t_end, ns */
	uint32_t dur;  /* t_end - t_start, ns */
	uint32_t done; /* bytes moved (and asked for) */
} vd_tl_opf;
#define VD_TL_C_PARENT 1u
#define VD_TL_C_SEQ 2u
#define VD_TL_C_REQ_DONE 4u
#define VD_TL_C_ERR 8u
#define VD_TL_C_REF 16u /* the frames of chain `slot` */
#define VD_TL_C_DEF 32u /* frames inline, kept as chain `slot` */
#define VD_TL_C_INL 64u /* frames inline */

/*
 * A batch of predicted calls (VD_TL_OPB, log version 4): the calls a
 * vd_tl_opf would hold, a few bytes each instead of 24.  The recorder
 * opens a batch with no entries and appends to it while the thread writes
 * nothing else, then closes it (any other record does).  `count` is
 * stored last, with release order, after an entry's bytes and the
 * record's grown size: a reader takes `count` entries, and a program
 * killed in the middle of an entry leaves it uncounted.  An entry is
 * LEB128 varints:
 *
 *   call << 4 | slot << 1 | same   slot: chain slot + 1 (0: no frames);
 *                                  same: bytes moved as prev.done
 *   gap                            t_start - prev.t_end (unsigned)
 *   dur                            t_end - t_start (unsigned)
 *   done                           absent with `same`
 *
 * with the conditions of a vd_tl_opf but no limit on the values; each
 * updates prev like the other call records.  The record's padding, up to
 * a multiple of 8, is zero.
 */
typedef struct vd_tl_opb {
	vd_tl_rec rec;
	uint32_t count; /* entries complete; written last */
	uint32_t pad;
} vd_tl_opb;
#define VD_TL_B_MAXENTRY 33 /* 3 + 3 * 10 bytes */

/* the state a log's call records are coded against */
typedef struct vd_tl_prev {
	uint64_t id, t_end;
	int64_t handle, next;
	int64_t done; /* bytes the previous call moved (VD_TL_OPB's `same`) */
	int32_t fd;
} vd_tl_prev;

static inline void vd_tl_prev_update(vd_tl_prev *p, uint64_t id, uint64_t t_end, int64_t handle,
				     int32_t fd, int64_t offset, int64_t done)
{
	p->id = id;
	p->t_end = t_end;
	p->handle = handle;
	p->fd = fd;
	p->done = done;
	p->next = offset >= 0 ? (int64_t)((uint64_t)offset + (uint64_t)done) : offset;
}

/* LEB128: at most 10 bytes */
static inline uint8_t *vd_tl_put_u(uint8_t *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*p++ = (uint8_t)v;
	return p;
}

static inline uint8_t *vd_tl_put_s(uint8_t *p, int64_t v)
{
	return vd_tl_put_u(p, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

/* the varint at *p (before end), moving *p past it; 0 when it does not
 * end before `end` or is longer than 10 bytes (*ok cleared) */
static inline uint64_t vd_tl_get_u(const uint8_t **p, const uint8_t *end, int *ok)
{
	uint64_t v = 0;
	for (unsigned sh = 0; sh < 70; sh += 7) {
		if (*p >= end) {
			*ok = 0;
			return 0;
		}
		uint8_t b = *(*p)++;
		v |= (uint64_t)(b & 0x7f) << sh;
		if (!(b & 0x80))
			return v;
	}
	*ok = 0;
	return 0;
}

static inline int64_t vd_tl_get_s(const uint8_t **p, const uint8_t *end, int *ok)
{
	uint64_t u = vd_tl_get_u(p, end, ok);
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

#endif
