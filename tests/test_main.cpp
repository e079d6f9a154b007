// SPDX-License-Identifier: MIT
// doctest entry point for refrast_tests.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
