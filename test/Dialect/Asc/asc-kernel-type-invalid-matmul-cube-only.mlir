// RUN: ascir-opt %s -split-input-file -asc-kernel-type=matmul-cube-only=true -verify-diagnostics

// matmul_cube_only builds an AIC_ONLY kernel: vector code is an error.

func.func @mm_vector(%g: !asc.global_tensor<f32>) attributes {asc.kernel} {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  asc.matmul_call %m, "IterateAll"(%g : !asc.global_tensor<f32>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %x = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  // expected-error@+1 {{data_copy: cannot run in a matmul_cube_only kernel: it runs on the vector core (AIV), and matmul_cube_only=True builds an AIC_ONLY kernel; drop the option to get a MIX_AIC_1_2 kernel whose AIVs run the vector code}}
  asc.data_copy %x, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}
