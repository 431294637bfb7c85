/*
 * The guest-error catalogue: every kind of mistake a guest can make that
 * the model detects, one row each. A row gives the kind's name (NV_ERR_*),
 * its trace name (QEMU fires the trace event nvgpu_err_<name> and logs
 * LOG_GUEST_ERROR "nvidia-gpu: <name>: <message>"), and what it means. The
 * hardware's answer to each (an interrupt, a fault, a dropped access) is
 * the raising code's business; the catalogue names and counts them.
 * Counters per kind: nvgpu_guest_error_count(), QOM property guest-errors.
 *
 * Adding a kind: a row here and a line in hw/nvidia/qemu/trace-events
 * (a unit test checks that both lists agree).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_NV_ERRORS_H
#define HW_NVIDIA_NV_ERRORS_H

#define NV_GUEST_ERRORS(X)                                                              \
    /* host: PBDMA errors (the PBDMA interrupt bit, the channel stops) */               \
    X(PBDMA_MEMREQ, pbdma_memreq, "the channel's RAMFC could not be read")              \
    X(PBDMA_GPFIFO, pbdma_gpfifo, "GP_BASE describes a ring of more than 2^20 entries") \
    X(PBDMA_GPPTR, pbdma_gpptr, "GP_PUT points beyond the GPFIFO ring")                 \
    X(PBDMA_GPENTRY, pbdma_gpentry, "a GPFIFO control entry with an illegal opcode")    \
    X(PBDMA_PBENTRY, pbdma_pbentry, "a malformed pushbuffer header")                    \
    X(PBDMA_BAD_METHOD, pbdma_bad_method, "ILLEGAL or an unknown host method")          \
    X(PBDMA_BAD_CLASS, pbdma_bad_class, "SET_OBJECT of a class the GPU does not have")  \
    X(PBDMA_NO_OBJECT, pbdma_no_object, "an engine method on a subchannel without object") \
    X(PBDMA_SW_METHOD, pbdma_sw_method, "a method on a software subchannel (5-7)")      \
    X(PBDMA_SEMAPHORE, pbdma_semaphore, "a reserved semaphore operation")               \
    X(PBDMA_MEM_OP, pbdma_mem_op, "a reserved MEM_OP operation")                       \
    /* host: channels, runlists, doorbells */                                           \
    X(CHAN_NO_HOST_MEMORY, chan_no_host_memory, "no host memory for a channel's state") \
    X(RUNLIST_TOO_LONG, runlist_too_long, "a runlist of more entries than the GPU takes") \
    X(RUNLIST_UNREADABLE, runlist_unreadable, "a runlist entry outside VRAM")           \
    X(DOORBELL_NO_CHANNEL, doorbell_no_channel, "a doorbell for no bound channel")      \
    /* memory */                                                                        \
    X(MMU_FAULT_HOST, mmu_fault_host, "an MMU fault of a PBDMA (GPFIFO, pushbuffer, host semaphore)") \
    X(MMU_FAULT_CE, mmu_fault_ce, "an MMU fault of a copy engine")                      \
    X(MMU_FAULT_GR, mmu_fault_gr, "an MMU fault of GR (compute, its inline-to-memory)") \
    X(MMU_FAULT_BAR1, mmu_fault_bar1, "an MMU fault of a BAR1 access")                  \
    X(MMU_FAULT_BAR2, mmu_fault_bar2, "an MMU fault of a BAR2 access")                  \
    X(MEM_UNBACKED, mem_unbacked, "a translation or physical address reaching no memory") \
    X(FAULT_BUFFER_FULL, fault_buffer_full, "the MMU fault buffer is full or its PUT/GET corrupt") \
    X(FAULT_BUFFER_UNREACHABLE, fault_buffer_unreachable, "an MMU fault buffer entry reaches no memory") \
    X(PRAMIN_RANGE, pramin_range, "a PRAMIN access beyond VRAM")                        \
    X(PRAMIN_TARGET, pramin_target, "a reserved PRAMIN window target")                  \
    X(PRAMIN_DMA, pramin_dma, "a PRAMIN access to system memory that failed")           \
    /* copy engine (its launch-error interrupt) */                                      \
    X(CE_BAD_METHOD, ce_bad_method, "a copy-engine method outside the class")           \
    X(CE_LAUNCH_INVALID, ce_launch_invalid, "LAUNCH_DMA with reserved or invalid parameters") \
    X(CE_LAUNCH_BUSY, ce_launch_busy, "LAUNCH_DMA while a copy is in progress")         \
    /* inline-to-memory */                                                              \
    X(I2M_BAD_METHOD, i2m_bad_method, "an inline-to-memory method outside the class")   \
    X(I2M_LAUNCH_INVALID, i2m_launch_invalid, "inline-to-memory LAUNCH_DMA with reserved parameters") \
    X(I2M_LAUNCH_BUSY, i2m_launch_busy, "LAUNCH_DMA before the previous transfer's data (ends it short)") \
    X(I2M_EXTRA_DATA, i2m_extra_data, "LOAD_INLINE_DATA beyond the launched size")      \
    /* compute (GR's SM exception, the channel is faulted) */                           \
    X(COMPUTE_BAD_METHOD, compute_bad_method, "a compute method outside the class")     \
    X(QMD_INVALID, qmd_invalid, "a QMD the hardware would reject")                      \
    X(SM_MMU, sm_mmu, "an SM access to an unmapped or read-only page")                  \
    X(SM_OOR_ADDR, sm_oor_addr, "an SM access outside its shared, local or constant window") \
    X(SM_MISALIGNED, sm_misaligned, "an SM access not aligned to its size")             \
    X(SM_ILLEGAL_INSN, sm_illegal_insn, "an instruction the SM cannot execute")         \
    X(SM_TRAP, sm_trap, "a BPT.TRAP (__trap())")                                        \
    X(SM_TIMEOUT, sm_timeout, "a launch exceeding its instruction budget (watchdog)")   \
    X(SM_BARRIER, sm_barrier, "a CTA whose warps all wait on what cannot happen")       \
    X(SM_RESOURCE, sm_resource, "a launch needing more host memory than is available")  \
    X(SM_TEX_DESC, sm_tex_desc, "a texture header or sampler the texture unit rejects")  \
    X(DRAW_INVALID, draw_invalid, "a 3D draw the pipeline cannot run (shader header, stage, size)") \
    X(MME_MACRO, mme_macro, "a 3D-class macro the MME cannot run (bad load, code, data or watchdog)") \
    /* display (the channel's exception interrupt; the channel halts until restarted) */ \
    X(DISP_BAD_METHOD, disp_bad_method, "a display channel method its class does not have") \
    X(DISP_PUSHBUFFER, disp_pushbuffer, "a display pushbuffer unreadable, looping or malformed") \
    X(DISP_HANDLE, disp_handle, "a display context DMA handle that resolves to no VRAM range") \
    X(DISP_SURFACE, disp_surface, "a display surface or cursor outside its context DMA or VRAM") \
    X(DISP_SUPERVISOR, disp_supervisor, "a supervisor restart with no supervisor stage pending") \
    /* FECS */                                                                          \
    X(FECS_BAD_METHOD, fecs_bad_method, "a FECS method the firmware does not have")     \
    X(FECS_NOT_RUNNING, fecs_not_running, "a FECS method before FECS was started")      \
    /* SEC2, GSP and the ACR jobs */                                                    \
    X(ACR_DESC_UNREADABLE, acr_desc_unreadable, "the ACR descriptor cannot be read")    \
    X(ACR_BAD_WPR, acr_bad_wpr, "the ACR descriptor's WPR region is not valid")         \
    X(ASB_NO_WPR, asb_no_wpr, "the ASB job started before the WPR region was set up")   \
    X(SEC2_MSGQ_BAD, sec2_msgq_bad, "SEC2's message queue pointers outside the queue")  \
    X(SEC2_MSGQ_FULL, sec2_msgq_full, "SEC2's message queue is full")                   \
    X(SEC2_CMDQ_BAD, sec2_cmdq_bad, "SEC2's command queue pointers outside the queue")  \
    X(SEC2_CMD_BAD_SIZE, sec2_cmd_bad_size, "a SEC2 command of an impossible size")     \
    X(SEC2_CMD_UNKNOWN_UNIT, sec2_cmd_unknown_unit, "a SEC2 command for an unknown unit") \
    X(SEC2_CMD_UNSUPPORTED, sec2_cmd_unsupported, "a SEC2 ACR command the firmware does not have")

typedef enum NvGuestErrorKind {
#define NV_ERR_ENUM_ROW(kind, name, what) NV_ERR_##kind,
    NV_GUEST_ERRORS(NV_ERR_ENUM_ROW)
#undef NV_ERR_ENUM_ROW
    NV_ERR_COUNT
} NvGuestErrorKind;

#endif
