// OpenBLAS's CBLAS interface (cblas_dgemm, …) and its thread control
// (openblas_set_num_threads, openblas_get_num_threads). The include path comes from
// pkg-config's `openblas` (Debian: libopenblas-dev), whose cblas.h is OpenBLAS's own.
#ifndef HARMONIC_COPENBLAS_SHIM_H
#define HARMONIC_COPENBLAS_SHIM_H
#include <cblas.h>
#include <stddef.h>

// LAPACK's DSYGV, which OpenBLAS exports with the Fortran calling convention: every argument
// by reference, then the hidden lengths of the two character arguments (gfortran's ABI). It
// solves the generalised symmetric-definite eigenproblem A·x = λ·B·x (itype 1).
void dsygv_(const int *itype, const char *jobz, const char *uplo, const int *n, double *a, const int *lda,
            double *b, const int *ldb, double *w, double *work, const int *lwork, int *info, size_t jobz_length,
            size_t uplo_length);
#endif
