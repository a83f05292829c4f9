#!/bin/sh
rm -rf o30; mkdir -p o30
