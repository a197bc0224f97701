// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// Every asc type, attribute and op survives print -> parse -> print.

// CHECK-LABEL: func.func private @types
// CHECK-SAME: !asc.gm_addr<f32>, !asc.gm_addr<f16>, !asc.gm_addr<bf16>, !asc.gm_addr<i1>
// CHECK-SAME: !asc.gm_addr<i8>, !asc.gm_addr<i64>, !asc.gm_addr<ui8>, !asc.gm_addr<ui64>
// CHECK-SAME: !asc.global_tensor<f32>, !asc.global_tensor<none>
// CHECK-SAME: !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecout, i16>
// CHECK-SAME: !asc.local_tensor<veccalc, ui32>, !asc.local_tensor<a1, f16>
// CHECK-SAME: !asc.local_tensor<a2, f16>, !asc.local_tensor<b1, f16>, !asc.local_tensor<b2, f16>
// CHECK-SAME: !asc.local_tensor<c1, f32>, !asc.local_tensor<c2, f32>, !asc.local_tensor<co1, f32>
func.func private @types(!asc.gm_addr<f32>, !asc.gm_addr<f16>, !asc.gm_addr<bf16>, !asc.gm_addr<i1>,
                         !asc.gm_addr<i8>, !asc.gm_addr<i64>, !asc.gm_addr<ui8>, !asc.gm_addr<ui64>,
                         !asc.global_tensor<f32>, !asc.global_tensor<none>,
                         !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecout, i16>,
                         !asc.local_tensor<veccalc, ui32>, !asc.local_tensor<a1, f16>,
                         !asc.local_tensor<a2, f16>, !asc.local_tensor<b1, f16>, !asc.local_tensor<b2, f16>,
                         !asc.local_tensor<c1, f32>, !asc.local_tensor<c2, f32>, !asc.local_tensor<co1, f32>)

// CHECK-LABEL: func.func private @attributes
// CHECK-SAME: event = #asc<hard_event mte2_v>
// CHECK-SAME: memory = #asc<hardware ub>
// CHECK-SAME: pipe = #asc<pipe all>
// CHECK-SAME: position = #asc<position vecin>
func.func private @attributes() attributes {
  position = #asc<position vecin>, event = #asc<hard_event mte2_v>,
  pipe = #asc<pipe all>, memory = #asc<hardware ub>}

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: attributes {asc.kernel}
func.func @kernel() attributes {asc.kernel} {
  return
}

// CHECK-LABEL: func.func @system
func.func @system() -> (i32, i64) {
  // CHECK-NEXT: %{{.+}} = asc.get_block_idx : i32
  %0 = asc.get_block_idx : i32
  // CHECK-NEXT: %{{.+}} = asc.get_block_num : i64
  %1 = asc.get_block_num : i64
  return %0, %1 : i32, i64
}

// CHECK-LABEL: func.func @global_tensors
// CHECK-SAME: (%[[X:.+]]: !asc.gm_addr<f32>, %[[N:.+]]: i32)
func.func @global_tensors(%x: !asc.gm_addr<f32>, %n: i32) {
  // CHECK-NEXT: %[[P:.+]] = asc.ptr_offset %[[X]], %[[N]] : !asc.gm_addr<f32>, i32
  %p = asc.ptr_offset %x, %n : !asc.gm_addr<f32>, i32
  // CHECK-NEXT: %[[G:.+]] = asc.global_tensor : !asc.global_tensor<f32>
  %g = asc.global_tensor : !asc.global_tensor<f32>
  // CHECK-NEXT: asc.set_global_buffer %[[G]], %[[P]], %[[N]] : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  asc.set_global_buffer %g, %p, %n : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  // CHECK-NEXT: asc.set_global_buffer %[[G]], %[[X]] : !asc.global_tensor<f32>, !asc.gm_addr<f32>
  asc.set_global_buffer %g, %x : !asc.global_tensor<f32>, !asc.gm_addr<f32>
  // CHECK-NEXT: asc.subview %[[G]][%[[N]]] : !asc.global_tensor<f32>, i32
  %v = asc.subview %g[%n] : !asc.global_tensor<f32>, i32
  return
}

// CHECK-LABEL: func.func @local_tensors
// CHECK-SAME: (%[[A:.+]]: i32, %[[N:.+]]: i64)
func.func @local_tensors(%addr: i32, %n: i64) {
  // CHECK-NEXT: %[[T:.+]] = asc.local_tensor %[[A]], %[[N]] : i32, i64 -> !asc.local_tensor<vecin, f32>
  %t = asc.local_tensor %addr, %n : i32, i64 -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.subview %[[T]][%[[A]]] : !asc.local_tensor<vecin, f32>, i32
  %v = asc.subview %t[%addr] : !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.local_tensor %[[A]], %[[N]] : i32, i64 -> !asc.local_tensor<a2, f16>
  %l0a = asc.local_tensor %addr, %n : i32, i64 -> !asc.local_tensor<a2, f16>
  return
}

// CHECK-LABEL: func.func @data_copy
// CHECK-SAME: (%[[G:.+]]: !asc.global_tensor<f32>, %[[I:.+]]: !asc.local_tensor<vecin, f32>, %[[O:.+]]: !asc.local_tensor<vecout, f32>, %[[L1:.+]]: !asc.local_tensor<a1, f32>, %[[N:.+]]: i32)
func.func @data_copy(%g: !asc.global_tensor<f32>, %in: !asc.local_tensor<vecin, f32>,
                     %out: !asc.local_tensor<vecout, f32>, %l1: !asc.local_tensor<a1, f32>, %n: i32) {
  // CHECK-NEXT: asc.data_copy %[[I]], %[[G]], %[[N]] : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %in, %g, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  // CHECK-NEXT: asc.data_copy %[[L1]], %[[G]], %[[N]] : !asc.local_tensor<a1, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %l1, %g, %n : !asc.local_tensor<a1, f32>, !asc.global_tensor<f32>, i32
  // CHECK-NEXT: asc.data_copy %[[O]], %[[I]], %[[N]] : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %out, %in, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.data_copy %[[G]], %[[O]], %[[N]] : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.data_copy %g, %out, %n : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  return
}

// CHECK-LABEL: func.func @vector_binary
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[Y:.+]]: !asc.local_tensor<veccalc, f16>, %[[N:.+]]: i32)
func.func @vector_binary(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                         %y: !asc.local_tensor<veccalc, f16>, %n: i32) {
  // CHECK-NEXT: asc.add %[[Z]], %[[X]], %[[Y]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.sub %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.sub %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.mul %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.mul %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.div %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.div %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.max %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.max %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.min %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.min %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  return
}

// CHECK-LABEL: func.func @sync
// CHECK-SAME: (%[[ID:.+]]: i32)
func.func @sync(%id: i32) {
  // CHECK-NEXT: asc.set_flag mte2_v, %[[ID]] : i32
  asc.set_flag mte2_v, %id : i32
  // CHECK-NEXT: asc.wait_flag mte2_v, %[[ID]] : i32
  asc.wait_flag mte2_v, %id : i32
  // CHECK-NEXT: asc.set_flag fix_fix, %[[ID]] : i32
  asc.set_flag fix_fix, %id : i32
  // CHECK-NEXT: asc.wait_flag mte2_mte1, %[[ID]] : i32
  asc.wait_flag mte2_mte1, %id : i32
  // CHECK-NEXT: asc.pipe_barrier all
  asc.pipe_barrier all
  // CHECK-NEXT: asc.pipe_barrier mte3
  asc.pipe_barrier mte3
  return
}

// CHECK-LABEL: func.func private @framework_types
// CHECK-SAME: !asc.tpipe, !asc.tque<vecin, 2>, !asc.tque<co1, 0>
// CHECK-SAME: !asc.tque_bind<vecin, vecout, 1>, !asc.tque_bind<gm, a1, 1>
// CHECK-SAME: !asc.tbuf<veccalc>, !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<a1, 16>
// CHECK-SAME: !asc.local_mem_allocator<ub>, !asc.local_mem_allocator<l0a>
func.func private @framework_types(!asc.tpipe, !asc.tque<vecin, 2>, !asc.tque<co1, 0>,
                                   !asc.tque_bind<vecin, vecout, 1>, !asc.tque_bind<gm, a1, 1>,
                                   !asc.tbuf<veccalc>, !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<a1, 16>,
                                   !asc.local_mem_allocator<ub>, !asc.local_mem_allocator<l0a>)

// CHECK-LABEL: func.func private @struct_types
// CHECK-SAME: !asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>
// CHECK-SAME: !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>>
// CHECK-SAME: !asc.struct<"Outer", ["flag" : i1, "inner" : !asc.struct<"Inner", ["x" : f64]>], pack = 4>
// CHECK-SAME: !asc.gm_addr<f64>, !asc.local_tensor<vecin, f64>
func.func private @struct_types(!asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>,
                                !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>>,
                                !asc.struct<"Outer", ["flag" : i1, "inner" : !asc.struct<"Inner", ["x" : f64]>], pack = 4>,
                                !asc.gm_addr<f64>, !asc.local_tensor<vecin, f64>)

// CHECK-LABEL: func.func private @property_attribute
// CHECK-SAME: property = #asc<property total_l1_size>
func.func private @property_attribute() attributes {property = #asc<property total_l1_size>}

// CHECK-LABEL: func.func @tpipe
// CHECK-SAME: (%[[N:.+]]: i32)
func.func @tpipe(%n: i32) -> (i32, i32) {
  // CHECK-NEXT: %[[P:.+]] = asc.tpipe : !asc.tpipe
  %pipe = asc.tpipe : !asc.tpipe
  // CHECK-NEXT: %[[Q:.+]] = asc.tque : !asc.tque<vecin, 2>
  %q = asc.tque : !asc.tque<vecin, 2>
  // CHECK-NEXT: %[[QB:.+]] = asc.tque_bind : !asc.tque_bind<vecin, vecout, 1>
  %qb = asc.tque_bind : !asc.tque_bind<vecin, vecout, 1>
  // CHECK-NEXT: %[[B:.+]] = asc.tbuf : !asc.tbuf<veccalc>
  %b = asc.tbuf : !asc.tbuf<veccalc>
  // CHECK-NEXT: %[[POOL:.+]] = asc.tbuf_pool : !asc.tbuf_pool<vecin, 4>
  %pool = asc.tbuf_pool : !asc.tbuf_pool<vecin, 4>
  // CHECK-NEXT: asc.tpipe_init_buffer %[[P]], %[[Q]], %[[N]], %[[N]] : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_init_buffer %pipe, %q, %n, %n : !asc.tque<vecin, 2>, i32, i32
  // CHECK-NEXT: asc.tpipe_init_buffer %[[P]], %[[QB]], %[[N]], %[[N]] : !asc.tque_bind<vecin, vecout, 1>, i32, i32
  asc.tpipe_init_buffer %pipe, %qb, %n, %n : !asc.tque_bind<vecin, vecout, 1>, i32, i32
  // CHECK-NEXT: asc.tpipe_init_tbuf %[[P]], %[[B]], %[[N]] : !asc.tbuf<veccalc>, i32
  asc.tpipe_init_tbuf %pipe, %b, %n : !asc.tbuf<veccalc>, i32
  // CHECK-NEXT: asc.tpipe_init_buf_pool %[[P]], %[[POOL]], %[[N]] : !asc.tbuf_pool<vecin, 4>, i32
  asc.tpipe_init_buf_pool %pipe, %pool, %n : !asc.tbuf_pool<vecin, 4>, i32
  // CHECK-NEXT: asc.tpipe_init_buf_pool %[[P]], %[[POOL]], %[[N]], %[[POOL]] : !asc.tbuf_pool<vecin, 4>, i32, !asc.tbuf_pool<vecin, 4>
  asc.tpipe_init_buf_pool %pipe, %pool, %n, %pool : !asc.tbuf_pool<vecin, 4>, i32, !asc.tbuf_pool<vecin, 4>
  // CHECK-NEXT: %[[ID:.+]] = asc.tpipe_alloc_event_id %[[P]], v_s : i32
  %id = asc.tpipe_alloc_event_id %pipe, v_s : i32
  // CHECK-NEXT: asc.tpipe_release_event_id %[[P]], v_s, %[[ID]] : i32
  asc.tpipe_release_event_id %pipe, v_s, %id : i32
  // CHECK-NEXT: asc.tpipe_fetch_event_id %[[P]], mte2_v : i32
  %fetched = asc.tpipe_fetch_event_id %pipe, mte2_v : i32
  // CHECK-NEXT: asc.tpipe_reset %[[P]]
  asc.tpipe_reset %pipe
  // CHECK-NEXT: asc.tpipe_destroy %[[P]]
  asc.tpipe_destroy %pipe
  // CHECK-NEXT: asc.tpipe_init %[[P]]
  asc.tpipe_init %pipe
  // CHECK-NEXT: asc.get_tpipe_ptr : !asc.tpipe
  %current = asc.get_tpipe_ptr : !asc.tpipe
  return %id, %fetched : i32, i32
}

// CHECK-LABEL: func.func @queues
// CHECK-SAME: (%[[Q:.+]]: !asc.tque<vecin, 2>, %[[QB:.+]]: !asc.tque_bind<vecin, vecout, 1>)
func.func @queues(%q: !asc.tque<vecin, 2>, %qb: !asc.tque_bind<vecin, vecout, 1>) -> (i1, i1, i32, i1) {
  // CHECK-NEXT: %[[T:.+]] = asc.alloc_tensor %[[Q]] : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.enque %[[Q]], %[[T]] : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  asc.enque %q, %t : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: %[[D:.+]] = asc.deque %[[Q]] : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  %d = asc.deque %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.free_tensor %[[Q]], %[[D]] : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %d : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.alloc_tensor %[[QB]] : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f16>
  %h = asc.alloc_tensor %qb : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f16>
  // CHECK-NEXT: asc.free_all_event %[[Q]] : !asc.tque<vecin, 2>
  asc.free_all_event %q : !asc.tque<vecin, 2>
  // CHECK-NEXT: asc.vacant_in_que %[[Q]] : !asc.tque<vecin, 2> -> i1
  %0 = asc.vacant_in_que %q : !asc.tque<vecin, 2> -> i1
  // CHECK-NEXT: asc.has_tensor_in_que %[[Q]] : !asc.tque<vecin, 2> -> i1
  %1 = asc.has_tensor_in_que %q : !asc.tque<vecin, 2> -> i1
  // CHECK-NEXT: asc.get_tensor_count_in_que %[[QB]] : !asc.tque_bind<vecin, vecout, 1> -> i32
  %2 = asc.get_tensor_count_in_que %qb : !asc.tque_bind<vecin, vecout, 1> -> i32
  // CHECK-NEXT: asc.has_idle_buffer %[[Q]] : !asc.tque<vecin, 2> -> i1
  %3 = asc.has_idle_buffer %q : !asc.tque<vecin, 2> -> i1
  return %0, %1, %2, %3 : i1, i1, i32, i1
}

// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[B:.+]]: !asc.tbuf<veccalc>, %[[POOL:.+]]: !asc.tbuf_pool<vecin, 4>, %[[SUB:.+]]: !asc.tbuf_pool<vecout, 2>, %[[Q:.+]]: !asc.tque<vecin, 2>, %[[N:.+]]: i32)
func.func @buffers(%b: !asc.tbuf<veccalc>, %pool: !asc.tbuf_pool<vecin, 4>, %sub: !asc.tbuf_pool<vecout, 2>,
                   %q: !asc.tque<vecin, 2>, %n: i32) {
  // CHECK-NEXT: asc.tbuf_get %[[B]] : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %0 = asc.tbuf_get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  // CHECK-NEXT: asc.tbuf_get %[[B]], %[[N]] : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, i16>
  %1 = asc.tbuf_get %b, %n : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, i16>
  // CHECK-NEXT: asc.tbuf_get_with_offset %[[B]], %[[N]], %[[N]] : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f16>
  %2 = asc.tbuf_get_with_offset %b, %n, %n : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f16>
  // CHECK-NEXT: asc.tbuf_pool_init_buffer %[[POOL]], %[[Q]], %[[N]], %[[N]] : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 2>, i32, i32
  asc.tbuf_pool_init_buffer %pool, %q, %n, %n : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 2>, i32, i32
  // CHECK-NEXT: asc.tbuf_pool_init_tbuf %[[POOL]], %[[B]], %[[N]] : !asc.tbuf_pool<vecin, 4>, !asc.tbuf<veccalc>, i32
  asc.tbuf_pool_init_tbuf %pool, %b, %n : !asc.tbuf_pool<vecin, 4>, !asc.tbuf<veccalc>, i32
  // CHECK-NEXT: asc.tbuf_pool_init_buf_pool %[[POOL]], %[[SUB]], %[[N]] : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32
  asc.tbuf_pool_init_buf_pool %pool, %sub, %n : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32
  // CHECK-NEXT: asc.tbuf_pool_init_buf_pool %[[POOL]], %[[SUB]], %[[N]], %[[POOL]] : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32, !asc.tbuf_pool<vecin, 4>
  asc.tbuf_pool_init_buf_pool %pool, %sub, %n, %pool : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32, !asc.tbuf_pool<vecin, 4>
  // CHECK-NEXT: asc.tbuf_pool_reset %[[POOL]] : !asc.tbuf_pool<vecin, 4>
  asc.tbuf_pool_reset %pool : !asc.tbuf_pool<vecin, 4>
  func.call @use(%0, %1, %2) : (!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, f16>) -> ()
  return
}
func.func private @use(!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, f16>)

// CHECK-LABEL: func.func @allocator
// CHECK-SAME: (%[[N:.+]]: i32)
func.func @allocator(%n: i32) -> (!asc.local_tensor<vecin, f32>, i32) {
  // CHECK-NEXT: %[[A:.+]] = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  %a = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  // CHECK-NEXT: asc.local_mem_allocator_alloc %[[A]], %[[N]] : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
  %t = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.local_mem_allocator_get_cur_addr %[[A]] : !asc.local_mem_allocator<ub> -> i32
  %addr = asc.local_mem_allocator_get_cur_addr %a : !asc.local_mem_allocator<ub> -> i32
  return %t, %addr : !asc.local_tensor<vecin, f32>, i32
}

// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%[[L:.+]]: !asc.local_tensor<vecin, f16>, %[[G:.+]]: !asc.global_tensor<i32>, %[[I:.+]]: i32)
func.func @scalars(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<i32>, %i: i32) -> (i16, i32, i32, i32) {
  // CHECK-NEXT: %[[H:.+]] = asc.get_value %[[L]], %[[I]] : !asc.local_tensor<vecin, f16>, i32 -> f16
  %h = asc.get_value %l, %i : !asc.local_tensor<vecin, f16>, i32 -> f16
  // CHECK-NEXT: asc.set_value %[[L]], %[[I]], %[[H]] : !asc.local_tensor<vecin, f16>, i32, f16
  asc.set_value %l, %i, %h : !asc.local_tensor<vecin, f16>, i32, f16
  // CHECK-NEXT: %[[V:.+]] = asc.get_value %[[G]], %[[I]] : !asc.global_tensor<i32>, i32 -> i32
  %v = asc.get_value %g, %i : !asc.global_tensor<i32>, i32 -> i32
  // CHECK-NEXT: asc.set_value %[[G]], %[[I]], %[[V]] : !asc.global_tensor<i32>, i32, i32
  asc.set_value %g, %i, %v : !asc.global_tensor<i32>, i32, i32
  // CHECK-NEXT: asc.property one_blk_size : i16
  %0 = asc.property one_blk_size : i16
  // CHECK-NEXT: asc.property default_c0_size : i32
  %1 = asc.property default_c0_size : i32
  // CHECK-NEXT: asc.property total_l1_size : i32
  %2 = asc.property total_l1_size : i32
  // CHECK-NEXT: asc.property total_l0c_size : i32
  %3 = asc.property total_l0c_size : i32
  // CHECK-NEXT: asc.init_soc_state
  asc.init_soc_state
  return %0, %1, %2, %3 : i16, i32, i32, i32
}

// CHECK-LABEL: func.func @structs
// CHECK-SAME: (%[[P:.+]]: !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>, %[[X:.+]]: f32)
func.func @structs(%p: !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>, %x: f32)
    -> (i32, !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>) {
  // CHECK-NEXT: %[[S:.+]] = asc.struct_load %[[P]] : !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>
  %s = asc.struct_load %p : !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>
  // CHECK-NEXT: asc.struct_get %[[S]]["total"] : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]> -> i32
  %total = asc.struct_get %s["total"] : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]> -> i32
  // CHECK-NEXT: asc.struct_set %[[S]]["scale"], %[[X]] : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>, f32
  %s2 = asc.struct_set %s["scale"], %x : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>, f32
  return %total, %s2 : i32, !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>
}
