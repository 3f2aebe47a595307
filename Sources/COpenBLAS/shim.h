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

// LAPACK's DSYEVR: eigenvalues and eigenvectors of a symmetric matrix by the MRRR algorithm
// (Relatively Robust Representations), after reduction to tridiagonal form.
void dsyevr_(const char *jobz, const char *range, const char *uplo, const int *n, double *a, const int *lda,
             const double *vl, const double *vu, const int *il, const int *iu, const double *abstol, int *m,
             double *w, double *z, const int *ldz, int *isuppz, double *work, const int *lwork, int *iwork,
             const int *liwork, int *info, size_t jobz_length, size_t range_length, size_t uplo_length);

// The general-matrix routines the spring networks use, same convention: DGEEV (eigenvalues and
// right eigenvectors of a general matrix), DGETRF/DGETRS (LU factorisation and solve), DGECON
// (the reciprocal condition number of a factorised matrix, 1-norm) and DGESV (solve).
void dgeev_(const char *jobvl, const char *jobvr, const int *n, double *a, const int *lda, double *wr, double *wi,
            double *vl, const int *ldvl, double *vr, const int *ldvr, double *work, const int *lwork, int *info,
            size_t jobvl_length, size_t jobvr_length);
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda, const int *ipiv,
             double *b, const int *ldb, int *info, size_t trans_length);
void dgecon_(const char *norm, const int *n, const double *a, const int *lda, const double *anorm, double *rcond,
             double *work, int *iwork, int *info, size_t norm_length);
#endif
