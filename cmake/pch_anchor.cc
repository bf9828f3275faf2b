// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The one source of the precompiled-header anchor targets (cmake/VortexPrecompiledHeaders.cmake):
// they are compiled only for their precompiled headers, which the modules and tests reuse.
