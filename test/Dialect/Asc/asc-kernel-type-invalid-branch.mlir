// RUN: ascir-opt %s -split-input-file -asc-kernel-type -verify-diagnostics

// A branch that only one core type takes (its condition is decided by
// asc.ascend_is_aiv / asc.ascend_is_aic) cannot hold an instruction of the
// other core type's unit: an AIV has only the Unified Buffer, the AIC has no
// Unified Buffer (hardware.md §0, §3.1).

func.func @cube_on_aiv(%g: !asc.global_tensor<f16>, %p: !asc.nd2nz_params) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %z = arith.constant 0 : i8
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %aiv = asc.ascend_is_aiv : i8
  %is = arith.cmpi ne, %aiv, %z : i8
  scf.if %is {
    // expected-error@+1 {{data_copy: cannot run on a vector core (AIV): this branch runs only on the AIVs, and the instruction uses the cube unit (L1, L0A, L0B, L0C, the bias table or a cube register), which only the cube core (AIC) has; run it under asc.ascend_is_aic() and pass data between the AIVs and the AIC through GM with cross-core flags (cross_core_set_flag / cross_core_wait_flag, mode 2), or use the Matmul API}}
    asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  }
  return
}

// -----

func.func @register_on_aiv(%v: f16) attributes {asc.kernel} {
  %z = arith.constant 0 : i8
  %aic = asc.ascend_is_aic : i8
  %is = arith.cmpi eq, %aic, %z : i8
  scf.if %is {
    // expected-error@+1 {{set_load_data_padding_value: cannot run on a vector core (AIV)}}
    asc.set_load_data_padding_value %v : f16
  }
  return
}

// -----

func.func @vector_on_aic(%g: !asc.global_tensor<f16>) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %z = arith.constant 0 : i8
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  %aiv = asc.ascend_is_aiv : i8
  %is = arith.cmpi ne, %aiv, %z : i8
  %wide = arith.extui %is : i1 to i32
  %zero = arith.constant 0 : i32
  %not = arith.cmpi eq, %wide, %zero : i32
  scf.if %not {
    // expected-error@+1 {{data_copy: cannot run on the cube core (AIC): this branch runs only on the AIC, and the instruction uses the Unified Buffer (VECIN, VECOUT, VECCALC), which only the vector cores (AIV) have; run it under asc.ascend_is_aiv() and pass data between the AIVs and the AIC through GM with cross-core flags (cross_core_set_flag / cross_core_wait_flag, mode 2)}}
    asc.data_copy %ub, %g, %c512 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  }
  return
}

// -----

// A cross-core set in a pipe the branch's core type does not have.
func.func @set_in_fix_on_aiv(%id: i32) attributes {asc.kernel} {
  %z = arith.constant 0 : i8
  %aiv = asc.ascend_is_aiv : i8
  %is = arith.cmpi ne, %aiv, %z : i8
  scf.if %is {
    // expected-error@+1 {{cross_core_set_flag: the set sits in PIPE_FIX, which a vector core (AIV) does not have, and this branch runs only on the AIVs; use PIPE_V, PIPE_MTE2 or PIPE_MTE3}}
    asc.cross_core_set_flag %id, 2, fix : i32
  } else {
    asc.cross_core_wait_flag %id, 2, s : i32
  }
  return
}

// -----

func.func @set_in_v_on_aic(%id: i32) attributes {asc.kernel} {
  %z = arith.constant 0 : i8
  %aic = asc.ascend_is_aic : i8
  %is = arith.cmpi ne, %aic, %z : i8
  scf.if %is {
    // expected-error@+1 {{cross_core_set_flag: the set sits in PIPE_V, which the cube core (AIC) does not have, and this branch runs only on the AIC; use PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 or PIPE_FIX}}
    asc.cross_core_set_flag %id, 2, v : i32
  }
  return
}
