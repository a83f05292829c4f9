this is not a NetCDF file
