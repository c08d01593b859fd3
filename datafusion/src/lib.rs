//! uriscan functions for DataFusion (in progress).
