// Stands in for CANN's kernel_operator.h, which does not define ASCSIM.
