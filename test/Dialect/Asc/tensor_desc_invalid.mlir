// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the tensor-descriptor ops.

func.func @offset_position(%w: !asc.local_tensor<veccalc, f16>, %n: i32) {
  // expected-error@+1 {{LocalTensor.set_addr_with_offset: the result has position TPosition.VECIN, but it takes the position of 'src' (TPosition.VECCALC)}}
  %u = asc.local_tensor_set_addr_with_offset %w, %n : !asc.local_tensor<veccalc, f16>, i32 -> !asc.local_tensor<vecin, f16>
  return
}

// -----

func.func @cast_position(%w: !asc.local_tensor<vecout, f16>) {
  // expected-error@+1 {{LocalTensor.reinterpret_cast: the result keeps the position of the tensor (TPosition.VECOUT), but it has TPosition.VECCALC}}
  %u = asc.local_tensor_reinterpret_cast %w : !asc.local_tensor<vecout, f16> -> !asc.local_tensor<veccalc, i16>
  return
}

// -----

func.func @address_type(%g: !asc.global_tensor<f32>, %n: i32) {
  // expected-error@+1 {{GlobalTensor.get_phy_addr: the address must point to float32, the tensor's element type, not float16}}
  %p = asc.global_tensor_get_phy_addr %g, %n : !asc.global_tensor<f32>, i32 -> !asc.gm_addr<f16>
  return
}
