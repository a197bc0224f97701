// RUN: ascir-opt --show-dialects | FileCheck %s
// CHECK: Available Dialects: arith,asc,builtin,cf,func,scf
