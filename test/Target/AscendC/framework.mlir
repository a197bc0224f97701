// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Framework objects are variables of their class; buffers are given with
// member calls on the pipe.
// CHECK-LABEL: void objects(
// CHECK-SAME:  int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::TPipe [[P:v[0-9]+]];
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> [[Q:v[0-9]+]];
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> [[QB:v[0-9]+]];
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> [[B:v[0-9]+]];
// CHECK-NEXT:    AscendC::TBufPool<AscendC::TPosition::A1, 8> [[POOL:v[0-9]+]];
// CHECK-NEXT:    [[P]].InitBuffer([[Q]], 2, [[N]] * 4);
// CHECK-NEXT:    [[P]].InitBuffer([[QB]], 1, 1024);
// CHECK-NEXT:    [[P]].InitBuffer([[B]], 1024);
// CHECK-NEXT:    [[P]].InitBufPool([[POOL]], 4096);
// CHECK-NEXT:    [[P]].InitBufPool([[POOL]], 4096, [[POOL]]);
// CHECK-NEXT:    [[P]].Reset();
// CHECK-NEXT:    [[P]].Destroy();
// CHECK-NEXT:    [[P]].Init();
// CHECK-NEXT:  }
func.func @objects(%n: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c1024 = arith.constant 1024 : i32
  %c4096 = arith.constant 4096 : i32
  %pipe = asc.tpipe : !asc.tpipe
  %q = asc.tque : !asc.tque<vecin, 2>
  %qb = asc.tque_bind : !asc.tque_bind<vecin, vecout, 1>
  %b = asc.tbuf : !asc.tbuf<veccalc>
  %pool = asc.tbuf_pool : !asc.tbuf_pool<a1, 8>
  %len = arith.muli %n, %c4 : i32
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_init_buffer %pipe, %qb, %c1, %c1024 : !asc.tque_bind<vecin, vecout, 1>, i32, i32
  asc.tpipe_init_tbuf %pipe, %b, %c1024 : !asc.tbuf<veccalc>, i32
  asc.tpipe_init_buf_pool %pipe, %pool, %c4096 : !asc.tbuf_pool<a1, 8>, i32
  asc.tpipe_init_buf_pool %pipe, %pool, %c4096, %pool : !asc.tbuf_pool<a1, 8>, i32, !asc.tbuf_pool<a1, 8>
  asc.tpipe_reset %pipe
  asc.tpipe_destroy %pipe
  asc.tpipe_init %pipe
  return
}

// -----

// The queue protocol; the element type is the template argument. FreeTensor
// takes a variable, so a view passed to it gets one.
// CHECK-LABEL: void protocol(
// CHECK-SAME:  AscendC::TQue<AscendC::TPosition::VECOUT, 2>& [[Q:v[0-9]+]])
// CHECK-NEXT:    AscendC::LocalTensor<half> [[T:v[0-9]+]] = [[Q]].AllocTensor<half>();
// CHECK-NEXT:    [[Q]].EnQue([[T]]);
// CHECK-NEXT:    AscendC::LocalTensor<half> [[D:v[0-9]+]] = [[Q]].DeQue<half>();
// CHECK-NEXT:    AscendC::LocalTensor<half> [[V:v[0-9]+]] = [[D]][16];
// CHECK-NEXT:    [[Q]].FreeTensor([[V]]);
// CHECK-NEXT:    [[Q]].FreeAllEvent();
// CHECK-NEXT:    bool [[A:v[0-9]+]] = [[Q]].VacantInQue();
// CHECK-NEXT:    bool [[B:v[0-9]+]] = [[Q]].HasTensorInQue();
// CHECK-NEXT:    int32_t [[C:v[0-9]+]] = static_cast<int32_t>([[Q]].GetTensorCountInQue());
// CHECK-NEXT:    bool [[D:v[0-9]+]] = [[Q]].HasIdleBuffer();
// CHECK-NEXT:    use([[A]], [[B]], [[C]], [[D]]);
func.func @protocol(%q: !asc.tque<vecout, 2>) {
  %c16 = arith.constant 16 : i32
  %t = asc.alloc_tensor %q : !asc.tque<vecout, 2> -> !asc.local_tensor<vecout, f16>
  asc.enque %q, %t : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f16>
  %d = asc.deque %q : !asc.tque<vecout, 2> -> !asc.local_tensor<vecout, f16>
  %v = asc.subview %d[%c16] : !asc.local_tensor<vecout, f16>, i32
  asc.free_tensor %q, %v : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f16>
  asc.free_all_event %q : !asc.tque<vecout, 2>
  %0 = asc.vacant_in_que %q : !asc.tque<vecout, 2> -> i1
  %1 = asc.has_tensor_in_que %q : !asc.tque<vecout, 2> -> i1
  %2 = asc.get_tensor_count_in_que %q : !asc.tque<vecout, 2> -> i32
  %3 = asc.has_idle_buffer %q : !asc.tque<vecout, 2> -> i1
  func.call @use(%0, %1, %2, %3) : (i1, i1, i32, i1) -> ()
  return
}
func.func private @use(i1, i1, i32, i1)

// -----

// User positions (hardware.md §3.5) are EnQue's template arguments and
// DeQue's first two, before the element type.
// CHECK-LABEL: void user_positions(
// CHECK:         AscendC::LocalTensor<float> [[T:v[0-9]+]] = [[Q:v[0-9]+]].AllocTensor<float>();
// CHECK-NEXT:    [[Q]].EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN>([[T]]);
// CHECK-NEXT:    AscendC::LocalTensor<float> [[A:v[0-9]+]] = [[Q]].DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, float>();
// CHECK-NEXT:    [[Q]].EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT>([[A]]);
// CHECK-NEXT:    AscendC::LocalTensor<float> [[B:v[0-9]+]] = [[Q]].DeQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, float>();
// CHECK-NEXT:    [[Q]].FreeTensor([[B]]);
func.func @user_positions(%q: !asc.tque_bind<vecin, vecout, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t {src_user_pos = #asc<position gm>, dst_user_pos = #asc<position vecin>} : !asc.tque_bind<vecin, vecout, 1>, !asc.local_tensor<vecin, f32>
  %a = asc.deque %q {src_user_pos = #asc<position gm>, dst_user_pos = #asc<position vecin>} : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %a {src_user_pos = #asc<position vecin>, dst_user_pos = #asc<position vecout>} : !asc.tque_bind<vecin, vecout, 1>, !asc.local_tensor<vecin, f32>
  %b = asc.deque %q {src_user_pos = #asc<position vecin>, dst_user_pos = #asc<position vecout>} : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %b : !asc.tque_bind<vecin, vecout, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

// A depth-0 queue's in-place forms (ascendc_api.md §TQue): AllocTensor(t) on
// a new variable; DeQue(t) on a new variable initialised from the tensor that
// was enqueued.
// CHECK-LABEL: void in_place(
// CHECK-SAME:  AscendC::TQue<AscendC::TPosition::VECIN, 0>& [[Q:v[0-9]+]])
// CHECK-NEXT:    AscendC::LocalTensor<float> [[T:v[0-9]+]];
// CHECK-NEXT:    [[Q]].AllocTensor([[T]]);
// CHECK-NEXT:    [[Q]].EnQue([[T]]);
// CHECK-NEXT:    AscendC::LocalTensor<float> [[D:v[0-9]+]] = [[T]];
// CHECK-NEXT:    [[Q]].DeQue([[D]]);
// CHECK-NEXT:    [[Q]].FreeTensor([[D]]);
func.func @in_place(%q: !asc.tque<vecin, 0>) {
  %t = asc.alloc_tensor %q {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  %d = asc.deque %q from %t : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %d : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  return
}

// -----

// Event ids: the event is the template argument; ids are converted to the
// result type. Queries read the framework's state, so they are variables,
// never inlined.
// CHECK-LABEL: void events(
// CHECK-SAME:  AscendC::TPipe& [[P:v[0-9]+]])
// CHECK-NEXT:    int32_t [[ID:v[0-9]+]] = static_cast<int32_t>([[P]].AllocEventID<AscendC::HardEvent::V_S>());
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_S>([[ID]]);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_S>([[ID]]);
// CHECK-NEXT:    [[P]].ReleaseEventID<AscendC::HardEvent::V_S>([[ID]]);
// CHECK-NEXT:    int32_t [[F:v[0-9]+]] = static_cast<int32_t>([[P]].FetchEventID<AscendC::HardEvent::MTE2_V>());
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>([[F]]);
func.func @events(%pipe: !asc.tpipe) {
  %id = asc.tpipe_alloc_event_id %pipe, v_s : i32
  asc.set_flag v_s, %id : i32
  asc.wait_flag v_s, %id : i32
  asc.tpipe_release_event_id %pipe, v_s, %id : i32
  %f = asc.tpipe_fetch_event_id %pipe, mte2_v : i32
  asc.set_flag mte2_v, %f : i32
  return
}

// -----

// TBuf and TBufPool members.
// CHECK-LABEL: void buffers(
// CHECK-SAME:  AscendC::TBuf<AscendC::TPosition::VECCALC>& [[B:v[0-9]+]], AscendC::TBufPool<AscendC::TPosition::VECIN, 4>& [[POOL:v[0-9]+]], AscendC::TBufPool<AscendC::TPosition::VECOUT, 2>& [[SUB:v[0-9]+]], AscendC::TQue<AscendC::TPosition::VECIN, 1>& [[Q:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    [[POOL]].InitBuffer([[Q]], 1, 512);
// CHECK-NEXT:    [[POOL]].InitBuffer([[B]], 512);
// CHECK-NEXT:    [[POOL]].InitBufPool([[SUB]], 1024);
// CHECK-NEXT:    AscendC::LocalTensor<float> [[ALL:v[0-9]+]] = [[B]].Get<float>();
// CHECK-NEXT:    AscendC::LocalTensor<int16_t> [[PART:v[0-9]+]] = [[B]].Get<int16_t>([[N]]);
// CHECK-NEXT:    AscendC::LocalTensor<half> [[OFF:v[0-9]+]] = [[B]].GetWithOffset<half>([[N]], 64);
// CHECK-NEXT:    use([[ALL]], [[PART]], [[OFF]]);
// CHECK-NEXT:    [[POOL]].Reset();
func.func @buffers(%b: !asc.tbuf<veccalc>, %pool: !asc.tbuf_pool<vecin, 4>, %sub: !asc.tbuf_pool<vecout, 2>,
                   %q: !asc.tque<vecin, 1>, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c512 = arith.constant 512 : i32
  %c1024 = arith.constant 1024 : i32
  asc.tbuf_pool_init_buffer %pool, %q, %c1, %c512 : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 1>, i32, i32
  asc.tbuf_pool_init_tbuf %pool, %b, %c512 : !asc.tbuf_pool<vecin, 4>, !asc.tbuf<veccalc>, i32
  asc.tbuf_pool_init_buf_pool %pool, %sub, %c1024 : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32
  %all = asc.tbuf_get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %part = asc.tbuf_get %b, %n : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, i16>
  %off = asc.tbuf_get_with_offset %b, %n, %c64 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f16>
  func.call @use(%all, %part, %off) : (!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, f16>) -> ()
  asc.tbuf_pool_reset %pool : !asc.tbuf_pool<vecin, 4>
  return
}
func.func private @use(!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, f16>)

// -----

// The current pipe is a reference; allocators hand out static tensors.
// CHECK-LABEL: void current_pipe(
// CHECK-SAME:  int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::TPipe& [[P:v[0-9]+]] = *GetTPipePtr();
// CHECK-NEXT:    [[P]].Reset();
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::UB> [[A:v[0-9]+]];
// CHECK-NEXT:    AscendC::LocalTensor<float> [[T:v[0-9]+]] = [[A]].Alloc<AscendC::TPosition::VECIN, float>([[N]]);
// CHECK-NEXT:    int32_t [[ADDR:v[0-9]+]] = static_cast<int32_t>([[A]].GetCurAddr());
// CHECK-NEXT:    use([[T]], [[ADDR]]);
func.func @current_pipe(%n: i32) {
  %pipe = asc.get_tpipe_ptr : !asc.tpipe
  asc.tpipe_reset %pipe
  %a = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  %t = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
  %addr = asc.local_mem_allocator_get_cur_addr %a : !asc.local_mem_allocator<ub> -> i32
  func.call @use(%t, %addr) : (!asc.local_tensor<vecin, f32>, i32) -> ()
  return
}
func.func private @use(!asc.local_tensor<vecin, f32>, i32)
