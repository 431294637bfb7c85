/*
 * The physical device of a Vulkan driver (NVK, lavapipe), shared by the
 * in-guest programs that run one thing on both (vk-scene, vk-bench).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TESTS_GUEST_VULKAN_VK_DEVICE_H
#define TESTS_GUEST_VULKAN_VK_DEVICE_H

#include <vulkan/vulkan.h>

/* The physical device of driver id, or NULL. */
static inline VkPhysicalDevice vk_device_of(VkInstance inst, VkDriverId id)
{
    VkPhysicalDevice pd[8];
    uint32_t n = 8;

    if (vkEnumeratePhysicalDevices(inst, &n, pd) < 0) {
        return VK_NULL_HANDLE;
    }
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceDriverProperties dp = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES };
        VkPhysicalDeviceProperties2 p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                          .pNext = &dp };

        vkGetPhysicalDeviceProperties2(pd[i], &p);
        if (dp.driverID == id) {
            return pd[i];
        }
    }
    return VK_NULL_HANDLE;
}

#endif
